import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_PROMO_MESSAGE } from '@trustleaf/domain/rules/promo';
import { PromoFormSchema } from '@trustleaf/domain/schemas/billing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/form-text-field';
import { ApiError } from '@/lib/api-client';
import { useApplyPromo } from '../api/apply-promo-code';
import { useCancelPromo } from '../api/cancel-promo-code';
import { FormDialogActions } from './form-dialog-actions';

/** Spec 2 'Promo Code': INVALID_PROMO_CODE and MAX_USAGE_PROMO_CODE set the field error. */
export function PromoCodeDialog({
  open,
  companyId,
  appliedCode,
  onClose,
}: {
  open: boolean;
  companyId: number;
  appliedCode: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const apply = useApplyPromo();
  const remove = useCancelPromo();
  const { control, handleSubmit, setError, reset, formState } = useForm<{ promoCode: string }>({
    resolver: zodResolver(PromoFormSchema),
    defaultValues: { promoCode: '' },
  });
  const submit = handleSubmit(async ({ promoCode }) => {
    try {
      await apply.mutateAsync({ plCompanyId: companyId, promoCode });
      reset({ promoCode: '' });
      onClose();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      const message =
        code === 'MAX_USAGE_PROMO_CODE' && error instanceof Error ? error.message : INVALID_PROMO_MESSAGE;
      setError('promoCode', {
        message: code === 'MAX_USAGE_PROMO_CODE' ? message : t('billing.promo.invalid'),
      });
    }
  });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="promo-title">
      <DialogTitle id="promo-title">{t('billing.promo.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography data-testid="promo-applied">
            {appliedCode ? t('billing.promo.applied', { code: appliedCode }) : t('billing.promo.none')}
          </Typography>
          <FormTextField control={control} name="promoCode" label={t('billing.promo.code')} autoFocus />
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitLabel={t('billing.promo.validate')}
          isBusy={formState.isSubmitting}
          submitTestId="promo-validate"
        >
          {appliedCode ? (
            <Button color="error" onClick={() => void remove.mutateAsync(companyId)}>
              {t('billing.promo.remove')}
            </Button>
          ) : null}
        </FormDialogActions>
      </Box>
    </Dialog>
  );
}
