import { addDelay, addMonthsClamped } from './feature-gating.ts';
import { roundCents, type PaymentFrequency, type TrialUnit } from './pricing.ts';

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
 * During a trial nothing was paid, so the credit is 0 and the trial ends with the switch.
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
