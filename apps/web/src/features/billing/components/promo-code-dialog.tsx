import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { PROMO_REFUSALS } from '@trustleaf/domain/rules/promo';
import { PromoFormSchema } from '@trustleaf/domain/schemas/billing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/form-text-field';
import { validationIssues } from '@trustleaf/domain/validation-issues';
import { ApiError } from '@/lib/api-client';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
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
  const { control, handleSubmit, setError, getValues, reset, formState } = useForm<{ promoCode: string }>({
    resolver: keyedZodResolver(PromoFormSchema),
    defaultValues: { promoCode: '' },
  });
  const submit = handleSubmit(async ({ promoCode }) => {
    try {
      await apply.mutateAsync({ plCompanyId: companyId, promoCode });
      reset({ promoCode: '' });
      onClose();
    } catch (error) {
      if (applyServerIssues({ setError, getValues }, error)) return;
      // A refused code by its refusal's key (used up, or invalid); any other failure reads as invalid.
      const refused = error instanceof ApiError ? validationIssues(error.details)[0] : undefined;
      const key =
        refused?.key === PROMO_REFUSALS.maxUsage.key
          ? PROMO_REFUSALS.maxUsage.key
          : PROMO_REFUSALS.invalid.key;
      setError('promoCode', { type: 'server', message: key });
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
