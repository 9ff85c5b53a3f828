import { z } from 'zod';
import { PlanUpsertSchema, type Plan, type PlanFeature } from '../schemas/billing.ts';
import type { KeyedMessage } from '../validation-issues.ts';
import { refuseField, refuseInputIssues } from './form-issues.ts';
import { TRIAL_UNITS } from './pricing.ts';
import { BILLING_ADMIN_MESSAGES as M, parseSourceIds } from './promo.ts';

/** A feature's delayed restriction as typed in the console (spec 3 §4). */
export const RestrictionDraftSchema = z.object({
  delayDuration: z.string(),
  delayUnit: z.enum(['DAY', 'WEEK', 'MONTH']),
  state: z.enum(['NON_INTERACTABLE', 'HIDDEN']),
  /** Source ids separated by commas; empty for all of the feature's sources. */
  sourceIds: z.string(),
});
export type RestrictionDraft = z.infer<typeof RestrictionDraftSchema>;

/** What ticking "Delayed restriction" starts from. */
export const NEW_RESTRICTION: RestrictionDraft = {
  delayDuration: '30',
  delayUnit: 'DAY',
  state: 'NON_INTERACTABLE',
  sourceIds: '',
};

/**
 * The billing console's plan form: prices, status, trial, payment switches, each feature's
 * inclusion, threshold and restriction, and the descriptions, as typed. Its payload is checked by
 * the API's own PlanUpsertSchema; every refusal lands on the field that shows it.
 */
export const PlanFormValuesSchema = z.object({
  status: z.enum(['ACTIVE', 'INACTIVE']),
  monthlyFee: z.string(),
  annualFee: z.string(),
  promoMonthlyFee: z.string(),
  promoAnnualFee: z.string(),
  trialDuration: z.string(),
  trialUnit: z.union([z.enum(TRIAL_UNITS), z.literal('')]),
  enableCcPaymentMonthly: z.boolean(),
  enableCcPaymentAnnually: z.boolean(),
  enableEftPaymentMonthly: z.boolean(),
  enableEftPaymentAnnually: z.boolean(),
  enableSkipPaywall: z.boolean(),
  features: z.array(
    z.object({
      include: z.boolean(),
      available: z.boolean(),
      clientThreshold: z.string(),
      restriction: RestrictionDraftSchema.nullable(),
    }),
  ),
  detailDescriptions: z.array(z.object({ detailDescription: z.string() })),
});
export type PlanFormValues = z.infer<typeof PlanFormValuesSchema>;

const text = (value: number | null): string => (value === null ? '' : String(value));
const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

function restrictionDraftOf(restriction: PlanFeature['restriction']): RestrictionDraft | null {
  return restriction
    ? {
        delayDuration: String(restriction.delayDuration),
        delayUnit: restriction.delayUnit,
        state: restriction.state,
        sourceIds: (restriction.sourceIds ?? []).join(', '),
      }
    : null;
}

export function planFormValuesOf(plan: Plan): PlanFormValues {
  return {
    status: plan.status,
    monthlyFee: String(plan.monthlyFee),
    annualFee: String(plan.annualFee),
    promoMonthlyFee: text(plan.promoMonthlyFee),
    promoAnnualFee: text(plan.promoAnnualFee),
    trialDuration: text(plan.trialDuration),
    trialUnit: plan.trialUnit ?? '',
    enableCcPaymentMonthly: plan.enableCcPaymentMonthly,
    enableCcPaymentAnnually: plan.enableCcPaymentAnnually,
    enableEftPaymentMonthly: plan.enableEftPaymentMonthly,
    enableEftPaymentAnnually: plan.enableEftPaymentAnnually,
    enableSkipPaywall: plan.enableSkipPaywall,
    features: plan.features.map((feature) => ({
      include: feature.planFeatureConfig.include,
      available: feature.planFeatureConfig.available,
      clientThreshold: text(feature.planFeatureConfig.clientThreshold),
      restriction: restrictionDraftOf(feature.restriction),
    })),
    detailDescriptions: plan.detailDescription.detailDescriptions.map(({ detailDescription }) => ({
      detailDescription,
    })),
  };
}

/** The plan's entry of the updatePlan payload the form's values make, before the API's schema parses it. */
export function planInputOf(plan: Plan, values: PlanFormValues) {
  return {
    plPlanId: plan.plPlanId,
    name: plan.name,
    status: values.status,
    region: plan.region,
    priority: plan.priority,
    monthlyFee: Number(values.monthlyFee),
    annualFee: Number(values.annualFee),
    promoMonthlyFee: numberOrNull(values.promoMonthlyFee),
    promoAnnualFee: numberOrNull(values.promoAnnualFee),
    enableCcPaymentMonthly: values.enableCcPaymentMonthly,
    enableCcPaymentAnnually: values.enableCcPaymentAnnually,
    enableEftPaymentMonthly: values.enableEftPaymentMonthly,
    enableEftPaymentAnnually: values.enableEftPaymentAnnually,
    enableSkipPaywall: values.enableSkipPaywall,
    trialDuration: numberOrNull(values.trialDuration),
    trialUnit: values.trialUnit || null,
    detailDescription: {
      title: plan.detailDescription.title,
      detailDescriptions: plan.detailDescription.detailDescriptions.map((item, index) => ({
        shortDescription: item.shortDescription,
        detailDescription: values.detailDescriptions[index]?.detailDescription ?? item.detailDescription,
      })),
    },
    features: plan.features.map((feature, index) => {
      const value = values.features[index]!;
      const restriction = value.restriction;
      return {
        plFeatureId: feature.plFeatureId,
        planFeatureConfig: {
          ...feature.planFeatureConfig,
          include: value.include,
          available: value.available,
          clientThreshold: numberOrNull(value.clientThreshold),
        },
        restriction: restriction
          ? {
              sourceIds: parseSourceIds(restriction.sourceIds) ?? [],
              delayDuration: numberOrNull(restriction.delayDuration) ?? Number.NaN,
              delayUnit: restriction.delayUnit,
              state: restriction.state,
            }
          : null,
      };
    }),
  };
}

const PLAN_FIELDS = new Set([
  'status',
  'monthlyFee',
  'annualFee',
  'promoMonthlyFee',
  'promoAnnualFee',
  'trialDuration',
  'trialUnit',
]);

/**
 * The form field that shows a refusal of a plan's input path; the API's issues name the plan in
 * the payload first (`plans.0.monthlyFee`). Null for a part the form does not edit.
 */
export function planFormFieldOf(inputPath: string): string | null {
  const path = inputPath.replace(/^plans\.\d+\./, '');
  const feature =
    /^features\.(\d+)\.(planFeatureConfig\.clientThreshold|restriction\.(delayDuration|sourceIds))/.exec(
      path,
    );
  if (feature) {
    const field = feature[2]!.startsWith('planFeatureConfig')
      ? 'clientThreshold'
      : `restriction.${feature[3]}`;
    return `features.${feature[1]}.${field}`;
  }
  const description = /^detailDescription\.detailDescriptions\.(\d+)\./.exec(path);
  if (description) return `detailDescriptions.${description[1]}.detailDescription`;
  const top = path.split('.')[0]!;
  return PLAN_FIELDS.has(top) ? top : null;
}

const isAmount = (value: number | null) => value !== null && value >= 0 && value <= 1_000_000;
const isWholeIn = (value: number | null, min: number, max: number) =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;

/** The plan form's schema: each field as typed, then the payload by the API's PlanUpsertSchema. */
export function createPlanFormSchema(plan: Plan) {
  return PlanFormValuesSchema.superRefine((values, ctx) => {
    const refusals: [string, KeyedMessage][] = [];
    for (const field of ['monthlyFee', 'annualFee'] as const) {
      if (!isAmount(numberOrNull(values[field]))) refusals.push([field, M.amount]);
    }
    for (const field of ['promoMonthlyFee', 'promoAnnualFee'] as const) {
      const value = numberOrNull(values[field]);
      if (value !== null && !isAmount(value)) refusals.push([field, M.amount]);
    }
    const trial = numberOrNull(values.trialDuration);
    if (trial !== null && !isWholeIn(trial, 1, 365)) refusals.push(['trialDuration', M.trialDuration]);
    values.features.forEach((feature, index) => {
      const threshold = numberOrNull(feature.clientThreshold);
      if (threshold !== null && !isWholeIn(threshold, 0, Number.MAX_SAFE_INTEGER)) {
        refusals.push([`features.${index}.clientThreshold`, M.wholeNumber]);
      }
      const restriction = feature.restriction;
      if (!restriction) return;
      if (!isWholeIn(numberOrNull(restriction.delayDuration), 0, 1000)) {
        refusals.push([`features.${index}.restriction.delayDuration`, M.delayDuration]);
      }
      if (parseSourceIds(restriction.sourceIds) === null) {
        refusals.push([`features.${index}.restriction.sourceIds`, M.sourceIds]);
      }
    });
    for (const [field, message] of refusals) refuseField(ctx, field.split('.'), message);
    if (refusals.length > 0) return;
    // The rules between fields (a trial's duration and unit together) are the API's own.
    const parsed = PlanUpsertSchema.safeParse(planInputOf(plan, values));
    if (!parsed.success) refuseInputIssues(ctx, parsed.error, planFormFieldOf);
  });
}
