import type { PaymentFrequency } from './pricing.ts';
import { nextRetryAt, periodEnd, type SubscriptionStatus } from './subscription.ts';

/**
 * What the renewal job does with one subscription at an instant (spec 3 §4). The service only
 * executes the decision: it charges, moves the period and writes the status this rule names.
 * - END_CANCELED: auto-renew is off and the period is over; the subscription becomes DELETED.
 * - EXTEND_FREE: a plan that skips the paywall starts its next period without a charge.
 * - CHARGE: the period (or the trial) ended; the card is charged for the next one.
 * - RETRY: a failed renewal's scheduled retry is due.
 * - WAIT: nothing is due yet (or the subscription is over).
 */
export type RenewalDecision =
  | { action: 'END_CANCELED' }
  | { action: 'EXTEND_FREE' }
  | { action: 'CHARGE'; kind: 'TRIAL_ENDED' | 'RENEWAL' }
  | { action: 'RETRY' }
  | { action: 'WAIT' };

export interface RenewalSubject {
  status: SubscriptionStatus;
  autoRenew: boolean;
  currentPeriodEnd: Date;
  nextRetryAt: Date | null;
}

export function decideRenewal(
  sub: RenewalSubject,
  plan: { enableSkipPaywall: boolean } | null,
  now: Date,
): RenewalDecision {
  const periodOver = now >= sub.currentPeriodEnd;
  if (!sub.autoRenew && periodOver) return { action: 'END_CANCELED' };
  if (sub.status === 'AVAILABLE' || sub.status === 'TRIAL') {
    if (!periodOver) return { action: 'WAIT' };
    if (plan?.enableSkipPaywall) return { action: 'EXTEND_FREE' };
    return { action: 'CHARGE', kind: sub.status === 'TRIAL' ? 'TRIAL_ENDED' : 'RENEWAL' };
  }
  if (sub.status === 'PAYMENT_FAILED' && sub.nextRetryAt !== null && sub.nextRetryAt <= now) {
    return { action: 'RETRY' };
  }
  return { action: 'WAIT' };
}

/**
 * The period a paid renewal opens: it follows on from the one that ended, unless that one would be
 * over already (a renewal settled late), then it starts now.
 */
export function renewedPeriod(
  endedAt: Date,
  frequency: PaymentFrequency,
  now: Date,
): { start: Date; end: Date } {
  const start = periodEnd(endedAt, frequency) > now ? endedAt : now;
  return { start, end: periodEnd(start, frequency) };
}

/**
 * After a failed charge: the first failure of a renewal schedules the first retry; a failed
 * scheduled retry schedules the next, or expires the subscription when the retries are used up.
 */
export function afterFailedCharge(
  sub: { failureCount: number; firstFailureAt: Date | null },
  now: Date,
):
  | { status: 'PAYMENT_FAILED'; failureCount: number; firstFailureAt: Date; nextRetryAt: Date }
  | {
      status: 'EXPIRED';
      failureCount: number;
    } {
  const firstFailureAt = sub.firstFailureAt ?? now;
  const failureCount = sub.failureCount + 1;
  const retryAt = nextRetryAt(firstFailureAt, failureCount);
  return retryAt
    ? { status: 'PAYMENT_FAILED', failureCount, firstFailureAt, nextRetryAt: retryAt }
    : { status: 'EXPIRED', failureCount };
}
