/**
 * Plan prices and the texts the paywall shows (spec 3 §9, spec 2 §4). Amounts are dollars with cents;
 * every result is rounded to the cent so the UI and the API charge the same figure.
 */
import { numberFormat } from './intl-formats.ts';

export const PAYMENT_FREQUENCIES = ['MONTHLY', 'ANNUAL'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

export const DISCOUNT_TYPES = ['PRICE', 'AMOUNT', 'PERCENT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const TRIAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type TrialUnit = (typeof TRIAL_UNITS)[number];

export const roundCents = (value: number): number => Math.round(value * 100) / 100;

export interface PlanPrices {
  monthlyFee: number;
  annualFee: number;
  promoMonthlyFee?: number | null;
  promoAnnualFee?: number | null;
}

/** The list price for a frequency; a plan's own promo price wins when set. */
export function planPrice(plan: PlanPrices, frequency: PaymentFrequency): number {
  const promo = frequency === 'MONTHLY' ? plan.promoMonthlyFee : plan.promoAnnualFee;
  if (promo !== null && promo !== undefined) return roundCents(promo);
  return roundCents(frequency === 'MONTHLY' ? plan.monthlyFee : plan.annualFee);
}

/** The saving of the annual fee against twelve monthly fees, in whole percent (never negative). */
export function annualDiscountPercent(monthlyFee: number, annualFee: number): number {
  const twelve = monthlyFee * 12;
  if (twelve <= 0) return 0;
  return Math.max(0, Math.round(((twelve - annualFee) / twelve) * 100));
}

/** PRICE replaces the fee, AMOUNT subtracts, PERCENT subtracts that share; the result floors at 0. */
export function discountedPrice(fee: number, type: DiscountType, amount: number): number {
  let result: number;
  if (type === 'PRICE') result = amount;
  else if (type === 'AMOUNT') result = fee - amount;
  else result = fee - (fee * amount) / 100;
  return roundCents(Math.max(0, result));
}

/** How much a promo takes off the fee (what `getPromoDiscount` calls actualDiscountAmount). */
export function actualDiscountAmount(fee: number, type: DiscountType, amount: number): number {
  return roundCents(fee - discountedPrice(fee, type, amount));
}

const dollars = (value: number): string =>
  Number.isInteger(value) ? String(value) : roundCents(value).toFixed(2);

/** '(N% OFF)' for PERCENT, '($N OFF)' otherwise (for PRICE, N is what the replacement saves). */
export function promoOffText(fee: number, type: DiscountType, amount: number): string {
  if (type === 'PERCENT') return `(${dollars(amount)}% OFF)`;
  return `($${dollars(actualDiscountAmount(fee, type, amount))} OFF)`;
}

/** Spec 2 §4: 'Price reduced by N%' or 'Price reduced by $N'. */
export function promoReducedText(fee: number, type: DiscountType, amount: number): string {
  if (type === 'PERCENT') return `Price reduced by ${dollars(amount)}%`;
  return `Price reduced by $${dollars(actualDiscountAmount(fee, type, amount))}`;
}

const UNIT_LABEL: Record<TrialUnit, string> = { DAY: 'Day', WEEK: 'Week', MONTH: 'Month', YEAR: 'Year' };

/** '(14 Days Free)', '(1 Month Free)'; empty when the plan has no trial. */
export function trialText(duration: number | null | undefined, unit: TrialUnit | null | undefined): string {
  if (!duration || duration <= 0 || !unit) return '';
  return `(${duration} ${UNIT_LABEL[unit]}${duration === 1 ? '' : 's'} Free)`;
}

/**
 * Spec 2 §2 labels Yearly '(One Month Free)' when a trial is offered. The label is true only when the
 * annual fee is eleven monthly fees; plans without a fee are left out.
 */
export function isOneMonthFree(plan: Pick<PlanPrices, 'monthlyFee' | 'annualFee'>): boolean {
  return plan.monthlyFee > 0 && roundCents(plan.monthlyFee * 11) === roundCents(plan.annualFee);
}

/** Whether the Yearly toggle carries '(One Month Free)': a trial is offered and every paid plan saves a month. */
export function showsOneMonthFree(
  plans: readonly (Pick<PlanPrices, 'monthlyFee' | 'annualFee'> & { trialDuration?: number | null })[],
): boolean {
  const paid = plans.filter((plan) => plan.monthlyFee > 0);
  return plans.some((plan) => Boolean(plan.trialDuration)) && paid.length > 0 && paid.every(isOneMonthFree);
}

/** US dollars (spec 3 §9) written the way the reader's language writes money. */
export function formatMoney(value: number, language = 'en-US'): string {
  return numberFormat(language === 'en' ? 'en-US' : language, {
    style: 'currency',
    currency: 'USD',
  }).format(roundCents(value));
}
