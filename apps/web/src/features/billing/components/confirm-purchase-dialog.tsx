import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { cardBrandName } from '@trustleaf/domain/rules/card';
import type { PaymentMethod } from '@trustleaf/domain/schemas/card';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-notice';
import { formatDate } from '@/lib/i18n';
import { newIdempotencyKey } from '../api/idempotency-key';
import { useStartSubscription } from '../api/start-subscription';
import { useSwitchSubscription } from '../api/update-company-subscription';
import { QuoteState, usePurchasePreview, type PurchaseChoice } from './purchase-summary';

/**
 * Spec 2 §2 'Subscription' confirmation, for a start and for a switch of plan or frequency: it shows
 * the API's quote (amount now, credit, next renewal) and charges only when confirmed. A switch sends
 * the quote's instant back, so the charge is the amount shown.
 */
export function ConfirmPurchaseDialog({
  open,
  companyId,
  choice,
  isSwitch,
  card,
  onClose,
  onOtherCard,
  onDone,
  onFailed,
}: {
  open: boolean;
  companyId: number;
  choice: PurchaseChoice | null;
  isSwitch: boolean;
  /** The card on file that will be charged, when the plan is paid. */
  card: PaymentMethod | null | undefined;
  onClose: () => void;
  onOtherCard?: () => void;
  onDone: () => void;
  onFailed: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const preview = usePurchasePreview(companyId, open ? choice : null);
  const start = useStartSubscription();
  const switchPlan = useSwitchSubscription();
  // One key per confirmation: a double click or a retry of the same checkout charges once.
  const idempotencyKey = useRef(newIdempotencyKey());
  useEffect(() => {
    if (open) idempotencyKey.current = newIdempotencyKey();
  }, [open, choice]);
  // A double click lands twice before the button turns disabled: the second request found the first's
  // charge under way and was refused (409), after the first had succeeded.
  const isSending = useRef(false);
  const isBusy = start.isPending || switchPlan.isPending;
  const isPaid = Boolean(choice && !choice.plan.enableSkipPaywall);

  const confirm = async () => {
    if (!choice || !preview.data || isSending.current) return;
    isSending.current = true;
    const input = {
      plCompanyId: companyId,
      plPlanId: choice.plan.plPlanId,
      paymentFrequency: choice.frequency,
      idempotencyKey: idempotencyKey.current,
    };
    try {
      if (isSwitch) await switchPlan.mutateAsync({ ...input, quotedAt: preview.data.quotedAt });
      else await start.mutateAsync({ ...input, promoCode: choice.promoCode });
      onDone();
    } catch (error) {
      onFailed(errorText(t, error));
    } finally {
      isSending.current = false;
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">
        {isSwitch ? t('billing.switch.confirmTitle') : t('billing.confirm.title')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <DialogContentText>
          {isSwitch
            ? t('billing.switch.intro', { plan: choice?.plan.name ?? '' })
            : t('billing.confirm.startsOn', {
                plan: choice?.plan.name ?? '',
                date: formatDate(Date.now(), i18n.language),
              })}
        </DialogContentText>
        <QuoteState preview={preview} />
        {card && isPaid ? (
          <DialogContentText variant="body2">
            {t('billing.confirm.card', { brand: cardBrandName(card.brand), last4: card.last4 })}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {card && isPaid && onOtherCard ? (
          <Button onClick={onOtherCard}>{t('billing.confirm.otherCard')}</Button>
        ) : null}
        <Button onClick={onClose}>{t('billing.cancel')}</Button>
        <Button
          variant="contained"
          disabled={isBusy || !preview.data}
          onClick={() => void confirm()}
          data-testid={isSwitch ? 'confirm-switch' : 'start-subscription'}
        >
          {isSwitch ? t('billing.switch.confirm') : t('billing.confirm.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
