import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { cardDigits } from '@trustleaf/domain/rules/card';
import { INPUT_MASKS, isAlternateCard } from '@trustleaf/domain/rules/input-masks';
import type { SubscriptionStatus } from '@trustleaf/domain/rules/subscription';
import { createCardFormSchema, type CardForm } from '@trustleaf/domain/schemas/card';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { MaskedTextField } from '@/components/form/masked-text-field';
import { env } from '@/config/env';
import { errorText } from '@/lib/error-notice';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { tokenizeCard } from '../api/tokenize-card';
import { useSavePaymentMethod } from '../api/update-payment-method';
import { FormDialogActions } from './form-dialog-actions';

const EMPTY: CardForm = {
  firstName: '',
  lastName: '',
  billingAddressLine1: '',
  billingAddressLine2: '',
  billingCity: '',
  billingState: '',
  billingZip: '',
  billingCountry: env.region.region,
  ccnumber: '',
  ccexp: '',
  cvv: '',
};

/** Spec 1 §5 "Input masks" of the card's fields; the alternate card (numbers starting with 3) has its own. */
type CardMask = 'cardNumber' | 'cardExpiry' | 'cvv';
function cardMask(mask: CardMask, isAlternate: boolean): string {
  if (mask === 'cardNumber') return isAlternate ? INPUT_MASKS.cardNumberAlternate : INPUT_MASKS.cardNumber;
  if (mask === 'cvv') return isAlternate ? INPUT_MASKS.cvvAlternate : INPUT_MASKS.cvv;
  return INPUT_MASKS.cardExpiry;
}

/** The card form's fields in order; wide ones take the whole row. */
const CARD_FIELDS: readonly {
  name: keyof CardForm;
  labelKey: string;
  autoComplete: string;
  isWide?: boolean;
  mask?: CardMask;
}[] = [
  { name: 'firstName', labelKey: 'billing.card.firstName', autoComplete: 'cc-given-name' },
  { name: 'lastName', labelKey: 'billing.card.lastName', autoComplete: 'cc-family-name' },
  {
    name: 'ccnumber',
    labelKey: 'billing.card.number',
    autoComplete: 'cc-number',
    isWide: true,
    mask: 'cardNumber',
  },
  { name: 'ccexp', labelKey: 'billing.card.expiry', autoComplete: 'cc-exp', mask: 'cardExpiry' },
  { name: 'cvv', labelKey: 'billing.card.cvv', autoComplete: 'cc-csc', mask: 'cvv' },
  {
    name: 'billingAddressLine1',
    labelKey: 'billing.card.address1',
    autoComplete: 'address-line1',
    isWide: true,
  },
  {
    name: 'billingAddressLine2',
    labelKey: 'billing.card.address2',
    autoComplete: 'address-line2',
    isWide: true,
  },
  { name: 'billingCity', labelKey: 'billing.card.city', autoComplete: 'address-level2' },
  { name: 'billingState', labelKey: env.region.stateLabelKey, autoComplete: 'address-level1' },
  { name: 'billingZip', labelKey: 'billing.card.zip', autoComplete: 'postal-code' },
  { name: 'billingCountry', labelKey: 'billing.card.country', autoComplete: 'country' },
];

/**
 * Spec 2 §5 'Credit Card'. The card number, expiry and CVV go to the payment gateway from the
 * browser; Trustleaf's API receives the token and the billing address only.
 */
export function CreditCardDialog({
  open,
  companyId,
  summary,
  onClose,
  onSaved,
}: {
  open: boolean;
  companyId: number;
  /** The order summary of a purchase the card is for (issue 19); none when only the card changes. */
  summary?: ReactNode;
  onClose: () => void;
  /** Called with the company's subscription status after the save (a failed renewal is retried). */
  onSaved: (subscriptionStatus: SubscriptionStatus | null) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => createCardFormSchema(env.region.region === 'CA' ? 'CA' : 'US'), []);
  const form = useForm({ resolver: keyedZodResolver(schema), defaultValues: EMPTY });
  const { control, handleSubmit, reset, formState } = form;
  const save = useSavePaymentMethod();
  const [banner, setBanner] = useState<string | null>(null);
  const isAlternate = isAlternateCard(useWatch({ control, name: 'ccnumber' }));

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const card = await tokenizeCard({
        ccnumber: cardDigits(values.ccnumber),
        ccexp: values.ccexp.replace('/', ''),
        cvv: values.cvv,
      });
      const saved = await save.mutateAsync({
        plCompanyId: companyId,
        paymentToken: card.token,
        firstName: values.firstName,
        lastName: values.lastName,
        billingAddressLine1: values.billingAddressLine1,
        billingAddressLine2: values.billingAddressLine2 || null,
        billingCity: values.billingCity,
        billingState: values.billingState,
        billingZip: values.billingZip,
        billingCountry: values.billingCountry,
      });
      reset(EMPTY);
      onSaved(saved.subscriptionStatus);
    } catch (error) {
      // The API's refusal of an address field shows on that field; a declined card as the banner, by
      // its key. The card's number and CVV are never logged nor kept beyond the form.
      if (applyServerIssues(form, error)) return;
      setBanner(errorText(t, error));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="credit-card-title">
      <DialogTitle id="credit-card-title">{t('billing.card.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {summary ? (
            <Box
              sx={{ gridColumn: '1 / -1', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
              data-testid="order-summary"
            >
              {summary}
            </Box>
          ) : null}
          {banner ? (
            <Alert severity="warning" sx={{ gridColumn: '1 / -1' }} data-testid="card-banner">
              {banner}
            </Alert>
          ) : null}
          {CARD_FIELDS.map((spec) => (
            <Box key={spec.name} sx={spec.isWide ? { gridColumn: '1 / -1' } : undefined}>
              {spec.mask ? (
                <MaskedTextField
                  control={control}
                  name={spec.name}
                  label={t(spec.labelKey)}
                  autoComplete={spec.autoComplete}
                  mask={cardMask(spec.mask, isAlternate)}
                  inputMode="numeric"
                />
              ) : (
                <FormField
                  control={control}
                  name={spec.name}
                  label={t(spec.labelKey)}
                  autoComplete={spec.autoComplete}
                />
              )}
            </Box>
          ))}
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitLabel={t('billing.card.checkout')}
          isBusy={formState.isSubmitting}
          submitTestId="card-checkout"
        />
      </Box>
    </Dialog>
  );
}
