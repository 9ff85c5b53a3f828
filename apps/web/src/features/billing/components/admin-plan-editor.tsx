import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  createPlanFormSchema,
  planFormFieldOf,
  planFormValuesOf,
  planInputOf,
  type PlanFormValues,
} from '@trustleaf/domain/rules/plan-form';
import { TRIAL_UNITS } from '@trustleaf/domain/rules/pricing';
import { PlanUpsertSchema, type Plan } from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { errorText } from '@/lib/error-notice';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useUpdatePlans } from '../api/update-plan';
import { optionItems, SpecFields, STATUS_OPTIONS, type FieldSpec } from './admin-form-fields';
import { sanitizeHtml } from './plan-feature-detail-dialog';
import { RestrictionFields } from './restriction-fields';
import { describedFeature, featureLabel } from '@/lib/seeded-text';

/** A plan's unsaved edits, kept while the console shows another plan. */
export type PlanDraft = PlanFormValues;

const FEE_FIELDS: readonly FieldSpec[] = (
  ['monthlyFee', 'annualFee', 'promoMonthlyFee', 'promoAnnualFee'] as const
).map((name) => ({ name, labelKey: `billing.admin.${name}`, type: 'number' }));
const SWITCHES = [
  'enableCcPaymentMonthly',
  'enableCcPaymentAnnually',
  'enableEftPaymentMonthly',
  'enableEftPaymentAnnually',
  'enableSkipPaywall',
] as const;
const UNIT_OPTIONS = TRIAL_UNITS.map((unit) => [unit, `billing.units.${unit}`] as const);

/** A yes/no field of the plan form. */
function CheckboxField({
  control,
  name,
  label,
}: {
  control: Control<PlanFormValues>;
  name: (typeof SWITCHES)[number];
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
          }
          label={label}
        />
      )}
    />
  );
}

/**
 * One plan of the billing console: prices, status, trial, payment switches, features with their
 * thresholds and delayed restrictions, and the descriptions. The form is checked by the API's own
 * plan schema, and the API's refusals land on their fields.
 */
export function PlanEditor({ plan, drafts }: { plan: Plan; drafts: Map<number, PlanDraft> }) {
  const { t } = useTranslation();
  const update = useUpdatePlans();
  const schema = useMemo(() => createPlanFormSchema(plan), [plan]);
  const form = useForm<PlanFormValues>({
    resolver: keyedZodResolver(schema),
    defaultValues: drafts.get(plan.plPlanId) ?? planFormValuesOf(plan),
  });
  const { control } = form;
  useEffect(() => {
    const subscription = form.watch(() => drafts.set(plan.plPlanId, form.getValues()));
    return () => subscription.unsubscribe();
  }, [form, drafts, plan.plPlanId]);

  const save = form.handleSubmit(async (values) => {
    const input = PlanUpsertSchema.parse(planInputOf(plan, values));
    const detailDescription = {
      ...input.detailDescription,
      detailDescriptions: input.detailDescription.detailDescriptions.map((d) => ({
        ...d,
        detailDescription: sanitizeHtml(d.detailDescription),
      })),
    };
    try {
      await update.mutateAsync({ plCompanyId: 0, plans: [{ ...input, detailDescription }] });
      enqueueSnackbar(t('billing.admin.saved'), { variant: 'success' });
    } catch (error) {
      if (!applyServerIssues(form, error, planFormFieldOf)) {
        enqueueSnackbar(errorText(t, error), { variant: 'error' });
      }
    }
  });

  return (
    <Card
      variant="outlined"
      data-testid={`admin-plan-${plan.name}`}
      role="tabpanel"
      id={`admin-plan-panel-${plan.plPlanId}`}
      aria-labelledby={`admin-plan-tab-${plan.plPlanId}`}
    >
      <CardContent
        component="form"
        noValidate
        onSubmit={(event) => void save(event)}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Typography variant="h3" component="h3">
          {plan.name} ({plan.region})
        </Typography>
        {/* Each fee field wide enough for its whole label ("Aktionspreis monatlich ($)"). */}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))' }}>
          <SpecFields control={control} fields={FEE_FIELDS} size="small" />
          <FormField control={control} name="status" size="small" label={t('billing.admin.status')} select>
            {optionItems(t, STATUS_OPTIONS)}
          </FormField>
          <FormField
            control={control}
            name="trialDuration"
            size="small"
            type="number"
            label={t('billing.admin.trialDuration')}
            // A duration comes with a unit (days unless one is chosen); no duration, no unit.
            onValueChange={(value) => {
              const unit = form.getValues('trialUnit');
              form.setValue('trialUnit', String(value).trim() === '' ? '' : unit || 'DAY');
            }}
          />
          <FormField
            control={control}
            name="trialUnit"
            size="small"
            label={t('billing.admin.trialUnit')}
            select
          >
            <MenuItem value="">—</MenuItem>
            {optionItems(t, UNIT_OPTIONS)}
          </FormField>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          {SWITCHES.map((name) => (
            <CheckboxField key={name} control={control} name={name} label={t(`billing.admin.${name}`)} />
          ))}
        </Box>
        <Typography variant="subtitle2">{t('billing.admin.features')}</Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
          {plan.features.map((feature, index) => (
            <Box key={feature.plFeatureId}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {/* A long word breaks (hyphenated in German and Dutch where the browser can) rather than
                    pushing the limit field over the next column. */}
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
                  <FeatureIncluded control={control} index={index} label={featureLabel(t, feature)} />
                </Box>
                {feature.featureType === 'NUMBER' ? (
                  <FormField
                    control={control}
                    name={`features.${index}.clientThreshold`}
                    size="small"
                    type="number"
                    fullWidth={false}
                    // Beside a long feature name ('Aktive Unternehmensüberwachung mit
                    // Benachrichtigungen') the field keeps its width and its whole label ('L…').
                    sx={{ width: 90, flexShrink: 0 }}
                    label={t('billing.admin.threshold')}
                  />
                ) : null}
              </Box>
              <RestrictionFields control={control} index={index} featureName={feature.name} />
            </Box>
          ))}
        </Box>
        <Typography variant="subtitle2">{t('billing.admin.descriptions')}</Typography>
        {plan.detailDescription.detailDescriptions.map((item, index) => {
          // A description headed by a platform feature is labelled as that feature's box above it.
          const feature = describedFeature(item.shortDescription);
          return (
            <FormField
              key={index}
              control={control}
              name={`detailDescriptions.${index}.detailDescription`}
              size="small"
              multiline
              label={feature ? featureLabel(t, feature) : item.shortDescription}
            />
          );
        })}
        <Box>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('billing.admin.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** A feature is in the plan when it is both included and available; the box sets both. */
function FeatureIncluded({
  control,
  index,
  label,
}: {
  control: Control<PlanFormValues>;
  index: number;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={`features.${index}`}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={field.value.include && field.value.available}
              onChange={(event) =>
                field.onChange({
                  ...field.value,
                  include: event.target.checked,
                  available: event.target.checked,
                })
              }
            />
          }
          label={label}
        />
      )}
    />
  );
}
