import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatMoney, planPrice, type PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type { CompanySubscriptionListing, Plan } from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n';
import { newIdempotencyKey, useStartSubscription, useSwitchSubscription } from '../api/billing-mutations';
import { usePaymentMethod } from '../api/billing-queries';
import { CreditCardDialog } from './credit-card-dialog';
import { PaywallDialog } from './paywall-dialog';
import { liveSubscriptionOf } from './use-feature-status';

interface Choice {
  plan: Plan;
  frequency: PaymentFrequency;
  promoCode: string | null;
}

/**
 * Spec 2 §4 buy flow: skip-paywall plans go straight to confirmation; otherwise the card dialog
 * (unless a card is on file), then confirmation, then the subscription starts or switches.
 */
export function SubscriptionFlow({
  open,
  companyId,
  plans,
  listing,
  viewOnly,
  onClose,
}: {
  open: boolean;
  companyId: number;
  plans: Plan[];
  listing: CompanySubscriptionListing | undefined;
  viewOnly?: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Viewable-only mode never buys, and members without billing rights may not read the card.
  const paymentMethod = usePaymentMethod(viewOnly ? null : companyId);
  const start = useStartSubscription();
  const switchPlan = useSwitchSubscription();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [step, setStep] = useState<'card' | 'confirm' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per confirmation: a double click or a retry of the same checkout charges once.
  const idempotencyKey = useRef(newIdempotencyKey());
  const live = liveSubscriptionOf(listing);
  const isSwitch = live !== null && (live.status === 'AVAILABLE' || live.status === 'TRIAL');

  const buy = (plan: Plan, frequency: PaymentFrequency, promoCode: string | null) => {
    setChoice({ plan, frequency, promoCode });
    idempotencyKey.current = newIdempotencyKey();
    // After a failed payment the card on file is the one that failed: a new card comes first.
    const canUseCardOnFile = paymentMethod.data && live?.status !== 'PAYMENT_FAILED';
    setStep(plan.enableSkipPaywall || canUseCardOnFile ? 'confirm' : 'card');
  };

  const confirm = async () => {
    if (!choice) return;
    try {
      const input = {
        plCompanyId: companyId,
        plPlanId: choice.plan.plPlanId,
        paymentFrequency: choice.frequency,
        idempotencyKey: idempotencyKey.current,
      };
      if (isSwitch) await switchPlan.mutateAsync(input);
      else await start.mutateAsync({ ...input, promoCode: choice.promoCode });
      enqueueSnackbar(t('billing.started'), { variant: 'success' });
      setStep(null);
      setChoice(null);
      onClose();
    } catch (error) {
      setStep(null);
      setFailure(error instanceof Error && error.message ? error.message : t('errors.unknown'));
    }
  };

  const price = choice ? planPrice(choice.plan, choice.frequency) : 0;
  const isBusy = start.isPending || switchPlan.isPending;
  return (
    <>
      <PaywallDialog
        open={open && step === null}
        companyId={companyId}
        plans={plans}
        listing={listing}
        viewOnly={viewOnly}
        onClose={onClose}
        onBuy={buy}
      />
      <CreditCardDialog
        open={step === 'card'}
        companyId={companyId}
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
            setStep(null);
            setChoice(null);
            onClose();
            return;
          }
          setStep('confirm');
        }}
      />
      <Dialog open={step === 'confirm'} onClose={() => setStep(null)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{t('billing.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('billing.confirm.startsOn', {
              plan: choice?.plan.name ?? '',
              date: formatDateTime(Date.now(), i18n.language),
            })}
          </DialogContentText>
          <DialogContentText sx={{ mt: 1, fontWeight: 600 }} data-testid="confirm-price">
            {formatMoney(price)}{' '}
            {choice?.frequency === 'ANNUAL' ? t('billing.perYear') : t('billing.perMonth')}
          </DialogContentText>
          {paymentMethod.data && !choice?.plan.enableSkipPaywall ? (
            <DialogContentText sx={{ mt: 1 }}>
              {t('billing.confirm.card', {
                brand: paymentMethod.data.brand,
                last4: paymentMethod.data.last4,
              })}
            </DialogContentText>
          ) : null}
        </DialogContent>
        <DialogActions>
          {paymentMethod.data && !choice?.plan.enableSkipPaywall ? (
            <Button onClick={() => setStep('card')}>{t('billing.confirm.otherCard')}</Button>
          ) : null}
          <Button onClick={() => setStep(null)}>{t('billing.cancel')}</Button>
          <Button
            variant="contained"
            disabled={isBusy}
            onClick={() => void confirm()}
            data-testid="start-subscription"
          >
            {t('billing.confirm.start')}
          </Button>
        </DialogActions>
      </Dialog>
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
