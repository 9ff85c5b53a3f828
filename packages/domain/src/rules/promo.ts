import type { KeyedMessage } from '../validation-issues.ts';
import { addDays, PLATFORM_TIME_ZONE, startOfDayIn, todayIn } from './document-status.ts';

/** Spec 3 §5: a promo is valid when active, now within its dates, and under its usage limit if limited. */
export interface PromoValidityInput {
  status: 'ACTIVE' | 'INACTIVE';
  startDate: Date | null;
  endDate: Date | null;
  limitUsage: boolean;
  maxUsage: number | null;
  totalUsage: number;
}

export type PromoValidity = 'VALID' | 'INVALID_PROMO_CODE' | 'MAX_USAGE_PROMO_CODE';

export const INVALID_PROMO_MESSAGE = 'Invalid Promo Code.';
export const MAX_USAGE_PROMO_MESSAGE = 'This promo code has reached its maximum usage.';
/** The two refusals of a promo code with their locale keys (`billing.promo.*`). */
export const PROMO_REFUSALS = {
  invalid: { key: 'billing.promo.invalid', message: INVALID_PROMO_MESSAGE },
  maxUsage: { key: 'billing.promo.maxUsage', message: MAX_USAGE_PROMO_MESSAGE },
  /** A code left empty or too long (the promo code form, the API's input). */
  required: { key: 'billing.promo.required', message: 'This field is required' },
  tooLong: { key: 'validation.characterLimit', message: 'Character limit' },
} as const satisfies Record<string, KeyedMessage>;

export function promoValidity(promo: PromoValidityInput | null | undefined, now: Date): PromoValidity {
  if (!promo || promo.status !== 'ACTIVE') return 'INVALID_PROMO_CODE';
  if (promo.startDate && now < promo.startDate) return 'INVALID_PROMO_CODE';
  if (promo.endDate && now > promo.endDate) return 'INVALID_PROMO_CODE';
  if (promo.limitUsage && promo.totalUsage >= (promo.maxUsage ?? 0)) return 'MAX_USAGE_PROMO_CODE';
  return 'VALID';
}

/** Codes are matched case-insensitively: people type them as they read them. */
export const normalisePromoCode = (code: string): string => code.trim().toUpperCase();

export const PROMO_DATE_ORDER_MESSAGE = 'End date must be on or after the start date';

/** The instant a calendar day (`yyyy-MM-dd`) starts in the platform time zone (spec 3 §9). */
export function dayStartIn(day: string, timeZone: string = PLATFORM_TIME_ZONE): Date {
  return new Date(startOfDayIn(day, timeZone));
}

/**
 * A promo's dates as the admin picks them (calendar days in Eastern time, both inclusive) and as the
 * API stores them (instants): from the start of the first day to the last millisecond of the last.
 */
export function promoPeriodFromDays(
  startDay: string | null,
  endDay: string | null,
): { startDate: string | null; endDate: string | null } {
  return {
    startDate: startDay ? dayStartIn(startDay).toISOString() : null,
    endDate: endDay ? new Date(dayStartIn(addDays(endDay, 1)).getTime() - 1).toISOString() : null,
  };
}

/** A promo's first (`start`) or last (`end`) calendar day as the instant it starts or ends. */
export const promoBoundOfDay = (day: string, bound: 'start' | 'end'): string =>
  promoPeriodFromDays(bound === 'start' ? day : null, bound === 'end' ? day : null)[`${bound}Date`]!;

/** The calendar day (Eastern time) of a stored promo date, for the date inputs. */
export const promoDayOf = (instant: string | null): string | null =>
  instant ? todayIn(new Date(instant)) : null;

export const DELAY_DURATION_MESSAGE = 'Enter a whole number from 0 to 1000';
export const SOURCE_IDS_MESSAGE = 'Enter source ids as whole numbers separated by commas';

/**
 * The billing console's refusals (promo codes and plans), each with the locale key the console and
 * the API's `VALIDATION_FAILED` issues carry, so the screen shows them in the user's language.
 */
export const BILLING_ADMIN_MESSAGES = {
  required: { key: 'billing.admin.messages.required', message: 'This field is required' },
  characterLimit: { key: 'validation.characterLimit', message: 'Character limit' },
  amount: { key: 'billing.admin.messages.amount', message: 'Enter an amount from 0 to 1,000,000' },
  percentMax: { key: 'billing.admin.messages.percentMax', message: 'A percent discount is at most 100' },
  noActivePlan: {
    key: 'billing.admin.messages.noActivePlan',
    message: 'A promo covers at least one active plan: activate a plan first',
  },
  maxUsageRequired: { key: 'billing.admin.messages.maxUsageRequired', message: 'Required' },
  wholeNumber: { key: 'billing.admin.messages.wholeNumber', message: 'Enter a whole number, 0 or more' },
  dateOrder: { key: 'billing.admin.messages.dateOrder', message: PROMO_DATE_ORDER_MESSAGE },
  trialDuration: {
    key: 'billing.admin.messages.trialDuration',
    message: 'Enter a whole number from 1 to 365',
  },
  trialPair: { key: 'billing.admin.messages.trialPair', message: 'Trial duration and unit go together' },
  delayDuration: { key: 'billing.admin.messages.delayDuration', message: DELAY_DURATION_MESSAGE },
  sourceIds: { key: 'billing.admin.messages.sourceIds', message: SOURCE_IDS_MESSAGE },
} satisfies Record<string, KeyedMessage>;

/** A refinement's zod parameters: the rule's English message, and its key for the clients. */
export const keyedRefusal = ({ key, message }: KeyedMessage, path: string[]) => ({
  message,
  path,
  params: { key },
});

/** A delayed restriction's source ids as typed ("2, 5"); null when an entry is not a positive id. */
export function parseSourceIds(text: string): number[] | null {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.every((entry) => /^[1-9]\d{0,8}$/.test(entry))) return null;
  return [...new Set(entries.map(Number))];
}
