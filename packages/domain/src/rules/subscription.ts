import type { KeyedMessage } from '../validation-issues.ts';
import { addDelay, addMonthsClamped } from './feature-gating.ts';
import {
  discountedPrice,
  roundCents,
  type DiscountType,
  type PaymentFrequency,
  type TrialUnit,
} from './pricing.ts';

/**
 * Subscription statuses (spec 3 §4) and the moves between them.
 * - NEW: created, first charge not yet settled.
 * - TRIAL: a plan's free trial is running; the card is charged when it ends.
 * - AVAILABLE: paid and active.
 * - PAYMENT_FAILED: a charge failed; retries follow RENEWAL_RETRY_DAYS, a new card recovers it.
 * - EXPIRED: every retry failed; the company must start a new subscription.
 * - DELETED: canceled (auto-renew off) and the paid period has ended.
 */
export const SUBSCRIPTION_STATUSES = [
  'AVAILABLE',
  'NEW',
  'DELETED',
  'EXPIRED',
  'PAYMENT_FAILED',
  'TRIAL',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type SubscriptionEvent =
  'CHARGE_SUCCEEDED' | 'CHARGE_FAILED' | 'TRIAL_STARTED' | 'PERIOD_ENDED_CANCELED' | 'RETRIES_EXHAUSTED';

const TRANSITIONS: Record<SubscriptionStatus, Partial<Record<SubscriptionEvent, SubscriptionStatus>>> = {
  NEW: { CHARGE_SUCCEEDED: 'AVAILABLE', CHARGE_FAILED: 'PAYMENT_FAILED', TRIAL_STARTED: 'TRIAL' },
  TRIAL: {
    CHARGE_SUCCEEDED: 'AVAILABLE',
    CHARGE_FAILED: 'PAYMENT_FAILED',
    PERIOD_ENDED_CANCELED: 'DELETED',
  },
  AVAILABLE: {
    CHARGE_SUCCEEDED: 'AVAILABLE',
    CHARGE_FAILED: 'PAYMENT_FAILED',
    PERIOD_ENDED_CANCELED: 'DELETED',
  },
  PAYMENT_FAILED: {
    CHARGE_SUCCEEDED: 'AVAILABLE',
    CHARGE_FAILED: 'PAYMENT_FAILED',
    RETRIES_EXHAUSTED: 'EXPIRED',
    PERIOD_ENDED_CANCELED: 'DELETED',
  },
  EXPIRED: {},
  DELETED: {},
};

/** The next status, or null when the event is not allowed from this status. */
export function nextSubscriptionStatus(
  status: SubscriptionStatus,
  event: SubscriptionEvent,
): SubscriptionStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** Statuses that grant the plan's features. */
export function isSubscriptionActive(status: SubscriptionStatus | null | undefined): boolean {
  return status === 'AVAILABLE' || status === 'TRIAL';
}

/** Paywall header (spec 2 §4): which special header applies, or null for the marketing text. */
export function paywallHeaderKind(
  subscription: { status: SubscriptionStatus; autoRenew: boolean } | null | undefined,
): 'PAYMENT_FAILED' | 'CANCELED' | null {
  if (!subscription) return null;
  if (subscription.status === 'PAYMENT_FAILED') return 'PAYMENT_FAILED';
  if (subscription.status === 'DELETED' || subscription.status === 'EXPIRED') return 'CANCELED';
  if (!subscription.autoRenew) return 'CANCELED';
  return null;
}

export const PAYWALL_FAILED_HEADER =
  'Failed subscription payment! Update your payment method and start a subscription to reactivate your company';
export const PAYWALL_CANCELED_HEADER =
  'Canceled subscription! Start a subscription to reactivate your company';
export const SAME_PLAN_MESSAGE = 'Please select plan to switch';
/** A switch to the plan and frequency already held, refused by the form and the server by one key. */
export const SAME_PLAN: KeyedMessage = { key: 'billing.switch.same', message: SAME_PLAN_MESSAGE };

export function periodEnd(start: Date, frequency: PaymentFrequency): Date {
  return addMonthsClamped(start, frequency === 'MONTHLY' ? 1 : 12);
}

export function trialEnd(start: Date, duration: number, unit: TrialUnit): Date {
  return addDelay(start, duration, unit);
}

/**
 * Renewal retry schedule: after a failed renewal charge the job retries 1, 3 and 7 days after the
 * FIRST failure; if the last retry fails the subscription EXPIRES. A new card (updateCompanyPaymentMethod)
 * retries at once.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
const DAY_MS = 86_400_000;

/** When to retry after `failures` failed attempts (1 = the first failure), or null when exhausted. */
export function nextRetryAt(firstFailureAt: Date, failures: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[failures - 1];
  return days === undefined ? null : new Date(firstFailureAt.getTime() + days * DAY_MS);
}

/**
 * Proration when switching plan or frequency mid-period: the unused share of what was paid for the
 * current period (by time, to the millisecond) is a credit against the new plan's full price; the
 * company pays max(0, new price − credit) now and a new period starts today. A credit larger than the
 * new price is not refunded (it is a downgrade; the rest is forfeited, as the README states).
 * During a trial nothing was paid: quoteSwitch keeps the trial running with the new plan.
 */
export function prorateSwitch(input: {
  paidAmount: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  newPrice: number;
}): { credit: number; charge: number } {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const remaining = Math.min(total, Math.max(0, input.periodEnd.getTime() - input.now.getTime()));
  const credit = total > 0 ? roundCents((input.paidAmount * remaining) / total) : 0;
  return { credit, charge: roundCents(Math.max(0, input.newPrice - credit)) };
}

/**
 * What confirming a purchase charges, the one rule the preview shows and the charge uses (issue 19):
 * the amount taken now and the next renewal (date and amount). Prices are dollars for one period.
 */
export interface SubscriptionQuote {
  kind: 'START' | 'SWITCH';
  /** The plan's price for one period at the chosen frequency. */
  price: number;
  /** What a promo takes off the first paid period. */
  discount: number;
  /** The unused share of the current paid period, set against the new price (switch only). */
  credit: number;
  amountNow: number;
  /** When the free trial ends (and its first charge is due), or null without one. */
  trialEndsAt: Date | null;
  nextRenewalAt: Date;
  nextRenewalAmount: number;
}

/**
 * How long a switch preview's instant holds: confirming within it charges the previewed credit to the
 * cent, although the credit shrinks with every second of the period (a cent every few minutes).
 */
export const QUOTE_VALID_MS = 15 * 60_000;

/** The first paid period's price: the plan's price less the promo (floored at 0). */
function firstPaidPrice(
  price: number,
  promo: { type: DiscountType; amount: number } | null | undefined,
): number {
  return promo ? discountedPrice(price, promo.type, promo.amount) : roundCents(price);
}

/**
 * A new subscription: a trial charges nothing now and the promo price when it ends; otherwise the
 * promo price now and the full price at the next renewal. A plan that skips the paywall charges nothing.
 */
export function quoteStart(input: {
  now: Date;
  price: number;
  frequency: PaymentFrequency;
  promo?: { type: DiscountType; amount: number } | null;
  trial?: { duration: number; unit: TrialUnit } | null;
  skipPaywall?: boolean;
}): SubscriptionQuote {
  const price = roundCents(input.price);
  const first = firstPaidPrice(price, input.promo);
  const free = input.skipPaywall === true;
  const trialEndsAt = input.trial ? trialEnd(input.now, input.trial.duration, input.trial.unit) : null;
  const base = { kind: 'START' as const, price, discount: roundCents(price - first), credit: 0, trialEndsAt };
  if (trialEndsAt) {
    return { ...base, amountNow: 0, nextRenewalAt: trialEndsAt, nextRenewalAmount: free ? 0 : first };
  }
  return {
    ...base,
    amountNow: free ? 0 : first,
    nextRenewalAt: periodEnd(input.now, input.frequency),
    nextRenewalAmount: free ? 0 : price,
  };
}

/**
 * A switch of plan or frequency: during a trial the trial runs on with the new plan and nothing is
 * charged; otherwise prorateSwitch's credit is set against the new price, the rest is charged now
 * and a new period starts now.
 */
export function quoteSwitch(input: {
  now: Date;
  current: { status: SubscriptionStatus; paidAmount: number; periodStart: Date; periodEnd: Date };
  price: number;
  frequency: PaymentFrequency;
  /** The promo the trial's first charge keeps, when it applies to the new plan. */
  trialPromo?: { type: DiscountType; amount: number } | null;
  skipPaywall?: boolean;
}): SubscriptionQuote {
  const price = roundCents(input.price);
  const free = input.skipPaywall === true;
  if (input.current.status === 'TRIAL') {
    const first = firstPaidPrice(price, input.trialPromo);
    return {
      kind: 'SWITCH',
      price,
      discount: roundCents(price - first),
      credit: 0,
      amountNow: 0,
      trialEndsAt: input.current.periodEnd,
      nextRenewalAt: input.current.periodEnd,
      nextRenewalAmount: free ? 0 : first,
    };
  }
  const { credit, charge } = prorateSwitch({
    paidAmount: input.current.paidAmount,
    periodStart: input.current.periodStart,
    periodEnd: input.current.periodEnd,
    now: input.now,
    newPrice: price,
  });
  return {
    kind: 'SWITCH',
    price,
    discount: 0,
    credit,
    amountNow: free ? 0 : charge,
    trialEndsAt: null,
    nextRenewalAt: periodEnd(input.now, input.frequency),
    nextRenewalAmount: free ? 0 : price,
  };
}

/**
 * The instant a switch is prorated at: the preview's, when the caller confirms within QUOTE_VALID_MS
 * of it (and within the current period), else now.
 */
export function prorationInstant(now: Date, quotedAt: Date | null | undefined, periodStart: Date): Date {
  if (!quotedAt || Number.isNaN(quotedAt.getTime())) return now;
  const age = now.getTime() - quotedAt.getTime();
  if (age < 0 || age > QUOTE_VALID_MS || quotedAt < periodStart) return now;
  return quotedAt;
}
