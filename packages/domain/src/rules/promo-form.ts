import { z } from 'zod';
import { UpsertPromoInputSchema, type Promo } from '../schemas/billing.ts';
import type { KeyedMessage } from '../validation-issues.ts';
import { refuseField, refuseInputIssues } from './form-issues.ts';
import { DISCOUNT_TYPES, PAYMENT_FREQUENCIES, type PaymentFrequency } from './pricing.ts';
import { BILLING_ADMIN_MESSAGES as M, promoDayOf, promoPeriodFromDays } from './promo.ts';

/**
 * The billing console's promo form (spec 3 §5): the fields as typed, checked by the API's own
 * UpsertPromoInputSchema on the payload they make, each refusal on the field that shows it.
 */
export const PromoFormValuesSchema = z.object({
  plPromoId: z.number().nullable(),
  promoCode: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  /** Calendar days (`yyyy-MM-dd`, platform time zone), both inclusive; empty for none. */
  startDate: z.string(),
  endDate: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountAmount: z.string(),
  /** The frequency a new promo's plans get (an edited promo keeps its rows). */
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  /** Empty for unlimited use. */
  maxUsage: z.string(),
});
export type PromoFormValues = z.infer<typeof PromoFormValuesSchema>;

export const EMPTY_PROMO_FORM: PromoFormValues = {
  plPromoId: null,
  promoCode: '',
  status: 'ACTIVE',
  startDate: '',
  endDate: '',
  discountType: 'PERCENT',
  discountAmount: '10',
  paymentFrequency: 'MONTHLY',
  maxUsage: '',
};

export function promoFormValuesOf(promo: Promo): PromoFormValues {
  const first = promo.promoPlans[0];
  return {
    plPromoId: promo.plPromoId,
    promoCode: promo.promoCode,
    status: promo.status,
    startDate: promoDayOf(promo.startDate) ?? '',
    endDate: promoDayOf(promo.endDate) ?? '',
    discountType: first?.discountType ?? 'PERCENT',
    discountAmount: String(first?.discountAmount ?? ''),
    paymentFrequency: first?.paymentFrequency ?? 'MONTHLY',
    maxUsage: promo.limitUsage && promo.maxUsage !== null ? String(promo.maxUsage) : '',
  };
}

/** The plans (and frequencies) a promo applies to; a new promo's rows take the form's frequency. */
export interface PromoPlanRow {
  plPlanId: number;
  paymentFrequency?: PaymentFrequency;
}

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The upsertPromo payload the form's values make, before the API's schema parses it. */
export function promoInputOf(values: PromoFormValues, rows: readonly PromoPlanRow[]) {
  const maxUsage = numberOrNull(values.maxUsage);
  return {
    ...(values.plPromoId === null ? {} : { plPromoId: values.plPromoId }),
    promoCode: values.promoCode,
    status: values.status,
    ...promoPeriodFromDays(values.startDate || null, values.endDate || null),
    limitUsage: maxUsage !== null,
    maxUsage,
    promoPlans: rows.map((row) => ({
      plPlanId: row.plPlanId,
      paymentFrequency: row.paymentFrequency ?? values.paymentFrequency,
      discountType: values.discountType,
      discountAmount: Number(values.discountAmount),
    })),
  };
}

/** The form field that shows a refusal of an upsertPromo input path (the API's issues too). */
export function promoFormFieldOf(inputPath: string): keyof PromoFormValues {
  const top = inputPath.split('.')[0];
  if (top === 'promoCode' || top === 'maxUsage' || top === 'endDate') return top;
  if (top === 'startDate') return 'endDate';
  return 'discountAmount';
}

/** The promo form's schema for the plans its payload covers. */
export function createPromoFormSchema(rows: readonly PromoPlanRow[]) {
  return PromoFormValuesSchema.superRefine((values, ctx) => {
    const refusals: [keyof PromoFormValues, KeyedMessage][] = [];
    const code = values.promoCode.trim();
    if (code === '') refusals.push(['promoCode', M.required]);
    else if (code.length > 255) refusals.push(['promoCode', M.characterLimit]);
    const amount = numberOrNull(values.discountAmount);
    if (amount === null || !(amount >= 0 && amount <= 1_000_000)) refusals.push(['discountAmount', M.amount]);
    const maxUsage = numberOrNull(values.maxUsage);
    if (maxUsage !== null && !(Number.isInteger(maxUsage) && maxUsage >= 0)) {
      refusals.push(['maxUsage', M.wholeNumber]);
    }
    for (const [field, message] of refusals) refuseField(ctx, [field], message);
    if (refusals.length > 0) return;
    // The rules between fields (dates in order, a percent at most 100) are the API's own.
    const parsed = UpsertPromoInputSchema.safeParse(promoInputOf(values, rows));
    if (!parsed.success) refuseInputIssues(ctx, parsed.error, promoFormFieldOf);
  });
}
