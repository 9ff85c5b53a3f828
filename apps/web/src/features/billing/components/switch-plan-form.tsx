import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import type { Plan } from '@trustleaf/domain/schemas/billing';
import { PaymentFrequencySchema } from '@trustleaf/domain/schemas/billing';
import { IdSchema, refuseWith } from '@trustleaf/domain/schemas/common';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import { SAME_PLAN } from '@trustleaf/domain/rules/subscription';
import { useForm, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField, type FormFieldProps } from '@/components/form/form-field';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';

export interface CurrentPlan {
  plPlanId: number;
  paymentFrequency: PaymentFrequency;
}

/** A switch names another plan or another frequency (the server refuses the same one alike). */
function switchFormSchema(current: CurrentPlan) {
  return z
    .object({ plPlanId: IdSchema, paymentFrequency: PaymentFrequencySchema })
    .superRefine((choice, ctx) => {
      if (choice.plPlanId === current.plPlanId && choice.paymentFrequency === current.paymentFrequency) {
        refuseWith(ctx, SAME_PLAN, ['plPlanId']);
      }
    });
}

/** One of the switch's small selects, side by side, at least `minWidth` wide. */
function RowSelect<T extends FieldValues>({ minWidth, ...props }: FormFieldProps<T> & { minWidth: number }) {
  return <FormField {...props} select size="small" fullWidth={false} sx={{ minWidth }} />;
}

/**
 * The subscription's switch: a plan and a frequency, starting at the live ones; a valid choice opens
 * the preview (nothing is charged before its confirmation, issue 19).
 */
export function SwitchPlanForm({
  current,
  plans,
  onPreview,
}: {
  current: CurrentPlan;
  plans: readonly Plan[];
  onPreview: (plan: Plan, frequency: PaymentFrequency) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ resolver: keyedZodResolver(switchFormSchema(current)), defaultValues: current });
  const submit = form.handleSubmit(({ plPlanId, paymentFrequency }) => {
    const plan = plans.find((p) => p.plPlanId === plPlanId);
    if (plan) onPreview(plan, paymentFrequency);
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}
    >
      <RowSelect
        control={form.control}
        name="plPlanId"
        label={t('billing.switch.plan')}
        parse={Number}
        minWidth={180}
        htmlInput={{ 'data-testid': 'switch-plan' }}
      >
        {plans.map((plan) => (
          <MenuItem key={plan.plPlanId} value={plan.plPlanId}>
            {plan.name}
          </MenuItem>
        ))}
      </RowSelect>
      <RowSelect
        control={form.control}
        name="paymentFrequency"
        label={t('billing.switch.frequency')}
        minWidth={140}
      >
        <MenuItem value="MONTHLY">{t('billing.monthly')}</MenuItem>
        <MenuItem value="ANNUAL">{t('billing.yearly')}</MenuItem>
      </RowSelect>
      <Button type="submit" variant="outlined" data-testid="switch-submit">
        {t('billing.switch.submit')}
      </Button>
    </Box>
  );
}
