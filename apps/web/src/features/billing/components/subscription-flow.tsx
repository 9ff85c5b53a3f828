import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type { Plan } from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethod } from '../api/get-payment-method';
import { ConfirmPurchaseDialog } from './confirm-purchase-dialog';
import { CreditCardDialog } from './credit-card-dialog';
import { PaywallDialog, type PaywallProps } from './paywall-dialog';
import { PurchasePreview, type PurchaseChoice } from './purchase-summary';
import { liveSubscriptionOf } from './use-feature-status';

/**
 * Spec 2 §4 buy flow: skip-paywall plans go straight to confirmation; otherwise the card dialog
 * (unless a card is on file, with the order summary), then confirmation of what is charged now and
 * per period, then the subscription starts or switches.
 */
export function SubscriptionFlow(props: PaywallProps) {
  const { open, companyId, listing, viewOnly, onClose } = props;
  const { t } = useTranslation();
  // Viewable-only mode never buys, and members without billing rights may not read the card.
  const paymentMethod = usePaymentMethod(viewOnly ? null : companyId);
  const [choice, setChoice] = useState<PurchaseChoice | null>(null);
  // 'done' holds every dialog of the flow shut until `open` turns false: the paywall's `open` comes
  // from the URL, whose updates are transitions that commit after an urgent step reset, so going back
  // to `null` at once would show the paywall again over the page (and take the focus) for a while.
  const [step, setStep] = useState<'card' | 'confirm' | 'done' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setStep(null);
      setChoice(null);
    }
  }
  const live = liveSubscriptionOf(listing);
  const isSwitch = live !== null && (live.status === 'AVAILABLE' || live.status === 'TRIAL');

  const buy = (plan: Plan, frequency: PaymentFrequency, promoCode: string | null) => {
    setChoice({ plan, frequency, promoCode });
    // After a failed payment the card on file is the one that failed: a new card comes first.
    const canUseCardOnFile = paymentMethod.data && live?.status !== 'PAYMENT_FAILED';
    setStep(plan.enableSkipPaywall || canUseCardOnFile ? 'confirm' : 'card');
  };

  return (
    <>
      <PaywallDialog {...props} open={open && step === null} onBuy={buy} />
      <CreditCardDialog
        open={step === 'card'}
        companyId={companyId}
        summary={
          choice ? (
            <PurchasePreview companyId={companyId} choice={choice} title={t('billing.quote.title')} />
          ) : null
        }
        onClose={() => setStep(null)}
        onSaved={(subscriptionStatus) => {
          enqueueSnackbar(t('billing.card.saved'), { variant: 'success' });
          // A new card retries a failed renewal at once; when that reactivates the chosen plan as it
          // was, there is nothing left to start.
          const isRecoveredAsChosen =
            live?.status === 'PAYMENT_FAILED' &&
            subscriptionStatus === 'AVAILABLE' &&
            choice?.plan.plPlanId === live.subscription.plPlanId &&
            choice.frequency === live.paymentFrequency;
          if (isRecoveredAsChosen) {
            enqueueSnackbar(t('billing.reactivated'), { variant: 'success' });
            setStep('done');
            onClose();
            return;
          }
          setStep('confirm');
        }}
      />
      <ConfirmPurchaseDialog
        open={step === 'confirm'}
        companyId={companyId}
        choice={choice}
        isSwitch={isSwitch}
        card={paymentMethod.data}
        onClose={() => setStep(null)}
        onOtherCard={() => setStep('card')}
        onDone={() => {
          enqueueSnackbar(t(isSwitch ? 'billing.switch.done' : 'billing.started'), { variant: 'success' });
          setStep('done');
          onClose();
        }}
        onFailed={(message) => {
          setStep(null);
          setFailure(message);
        }}
      />
      <Dialog open={failure !== null} onClose={() => setFailure(null)} aria-labelledby="start-failed-title">
        <DialogTitle id="start-failed-title">{t('billing.confirm.failedTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="start-failed-message">{failure}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setFailure(null)}>
            {t('billing.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
