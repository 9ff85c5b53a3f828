import { discountedPrice } from '@trustleaf/domain/rules/pricing';
import { afterFailedCharge, decideRenewal, renewedPeriod } from '@trustleaf/domain/rules/renewal';
import { periodEnd } from '@trustleaf/domain/rules/subscription';
import type { CompanySubscriptionListing } from '@trustleaf/domain/schemas/billing';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import { LOCK_WAIT_MS, oneChargeAtATime, requireSuperAdmin, toCents, toDollars } from './billing.common.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';
import type { SubscriptionWork } from './subscriptions.service.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** Reminder emails (issue 19): a trial's end 3 days ahead, an annual renewal 7 days ahead. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
export const ANNUAL_RENEWAL_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface RenewalsServiceDeps extends SubscriptionWork {
  /** A company's subscriptions as the listing shows them (the test control answers with it). */
  listing: (companyId: number) => Promise<CompanySubscriptionListing>;
}

/**
 * The renewal job and the reminders before it. What happens to a due subscription is the domain's
 * decideRenewal; this service executes it (charge, new period, status, email).
 */
export function createRenewalsService(deps: RenewalsServiceDeps) {
  const { companyAccess, repo, paymentMethods, plans, promos, notices, charge, clock, locks, listing } = deps;

  /** The first paid period carries the subscription's promo discount; later ones the recurring price. */
  async function amountDue(sub: SubscriptionRow): Promise<number> {
    if (!sub.promoId) return sub.priceCents;
    if ((await paymentMethods.paidChargeCount(sub.id)) > 0) return sub.priceCents;
    const promo = await promos.firstPeriodPromo(sub.promoId, sub.planId, sub.paymentFrequency);
    if (!promo) return sub.priceCents;
    return toCents(discountedPrice(toDollars(sub.priceCents), promo.type, promo.amount));
  }

  async function settleRenewal(sub: SubscriptionRow, now: Date): Promise<void> {
    const plan = await plans.findPlan(sub.planId);
    const decision = decideRenewal(sub, plan, now);
    switch (decision.action) {
      case 'WAIT':
        return;
      case 'RETRY':
        await retryFailed(sub, now, 'retry');
        return;
      case 'END_CANCELED':
        await repo.updateSubscription(sub.id, { status: 'DELETED', endedAt: now, nextRetryAt: null });
        await notices.ended(sub, now, 'CANCELED');
        return;
      case 'EXTEND_FREE':
        await repo.updateSubscription(sub.id, {
          status: 'AVAILABLE',
          currentPeriodStart: sub.currentPeriodEnd,
          currentPeriodEnd: periodEnd(sub.currentPeriodEnd, sub.paymentFrequency),
          trialEndsAt: sub.trialEndsAt,
        });
        return;
      case 'CHARGE':
        break;
    }
    const amount = await amountDue(sub);
    const result = await charge({
      companyId: sub.companyId,
      subscriptionId: sub.id,
      amountCents: amount,
      description: await plans.describeCharge(sub, decision.kind),
      chargeKey: `renew:${sub.id}:${sub.currentPeriodEnd.getTime()}`,
    });
    if (result.ok) {
      const period = renewedPeriod(sub.currentPeriodEnd, sub.paymentFrequency, now);
      const renewed = await repo.updateSubscription(sub.id, {
        status: 'AVAILABLE',
        paidCents: amount,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
      });
      await notices.receipt(renewed, result.transaction);
      return;
    }
    // The first failure of this renewal (an active subscription has no failures on record).
    const failed = afterFailedCharge({ failureCount: 0, firstFailureAt: null }, now);
    if (failed.status !== 'PAYMENT_FAILED') return;
    await repo.updateSubscription(sub.id, {
      status: 'PAYMENT_FAILED',
      failureCount: failed.failureCount,
      firstFailureAt: failed.firstFailureAt,
      nextRetryAt: failed.nextRetryAt,
    });
    if (result.transaction) await notices.paymentFailed(sub, result.transaction, failed.nextRetryAt);
  }

  /**
   * Retries a failed renewal (on schedule, or at once after a new card). A scheduled retry that
   * fails mails the company; a new card's failure is shown to the person who entered it.
   */
  async function retryFailed(
    sub: SubscriptionRow,
    now: Date,
    reason: 'retry' | 'new-card',
  ): Promise<boolean> {
    const amount = await amountDue(sub);
    const result = await charge({
      companyId: sub.companyId,
      subscriptionId: sub.id,
      amountCents: amount,
      description: await plans.describeCharge(sub, 'RENEWAL_RETRY'),
      chargeKey: `renew:${sub.id}:${sub.currentPeriodEnd.getTime()}:${reason}:${sub.failureCount}`,
    });
    if (result.ok) {
      const recovered = await repo.updateSubscription(sub.id, {
        status: 'AVAILABLE',
        paidCents: amount,
        failureCount: 0,
        firstFailureAt: null,
        nextRetryAt: null,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, sub.paymentFrequency),
      });
      await notices.receipt(recovered, result.transaction);
      return true;
    }
    if (reason === 'new-card') return false;
    const failed = afterFailedCharge(sub, now);
    if (failed.status === 'PAYMENT_FAILED') {
      await repo.updateSubscription(sub.id, {
        failureCount: failed.failureCount,
        nextRetryAt: failed.nextRetryAt,
      });
      if (result.transaction) await notices.paymentFailed(sub, result.transaction, failed.nextRetryAt);
      return false;
    }
    await repo.updateSubscription(sub.id, {
      status: 'EXPIRED',
      failureCount: failed.failureCount,
      nextRetryAt: null,
      endedAt: now,
    });
    await notices.ended(sub, now, 'PAYMENT');
    return false;
  }

  return {
    retryFailed,

    /** The billing.send-reminders job: trial-ending and annual-renewal emails that are due. */
    async runReminders(): Promise<{ queued: number }> {
      const now = clock.now();
      const candidates = await repo.reminderCandidates(
        now,
        new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * DAY_MS),
        new Date(now.getTime() + ANNUAL_RENEWAL_NOTICE_DAYS * DAY_MS),
      );
      let queued = 0;
      for (const sub of candidates) {
        const isTrial = sub.status === 'TRIAL';
        const eventKey = `${isTrial ? 'trial-ending' : 'renewal-upcoming'}:${sub.id}:${sub.currentPeriodEnd.getTime()}`;
        if (await notices.findNotice(eventKey)) continue;
        const plan = await plans.findPlan(sub.planId);
        if (!plan || plan.enableSkipPaywall) continue;
        const method = await paymentMethods.findPaymentMethod(sub.companyId);
        await notices.queueNotice({
          kind: isTrial ? 'TRIAL_ENDING' : 'RENEWAL_UPCOMING',
          eventKey,
          companyId: sub.companyId,
          params: {
            brand: method?.brand ?? null,
            last4: method?.last4 ?? null,
            planName: plan.name,
            chargeAt: sub.currentPeriodEnd.toISOString(),
            amount: toDollars(await amountDue(sub)),
          },
        });
        queued += 1;
      }
      return { queued };
    },

    /**
     * Test control (registered outside production only, see billing.routes.ts): ends one company's
     * current period (or trial) now and settles it as the renewal job would, so a browser journey can
     * reach a renewal, its failure and the failed-payment state without waiting for the schedule.
     */
    async endCurrentPeriodNow(auth: AuthContext, companyId: number) {
      requireSuperAdmin(auth);
      await companyAccess.require(auth, companyId);
      await oneChargeAtATime(locks, companyId, async () => {
        const live = await repo.liveSubscription(companyId);
        if (!live) throw refusal('NOT_FOUND', COMMON_REFUSALS.noSubscriptionToRenew);
        const now = clock.now();
        const due = await repo.updateSubscription(live.id, {
          currentPeriodEnd: now,
          ...(live.status === 'TRIAL' ? { trialEndsAt: now } : {}),
          ...(live.status === 'PAYMENT_FAILED' ? { nextRetryAt: now } : {}),
        });
        await settleRenewal(due, now);
      });
      const [latest] = (await listing(companyId)).companySubscriptions;
      return latest!;
    },

    /** The renewal job's work: due renewals, trial ends, scheduled retries and canceled period ends. */
    async runRenewals(): Promise<{ processed: number }> {
      const now = clock.now();
      const due = await repo.dueSubscriptions(now);
      let processed = 0;
      for (const { id, companyId } of due) {
        // Read again under the lock: a switch or a new card may have settled it meanwhile. A company
        // whose charge stays in flight past the wait is settled by the next run.
        const settled = await locks.waitWith(companyId, LOCK_WAIT_MS, async () => {
          const sub = await repo.dueSubscription(id, now);
          if (sub) await settleRenewal(sub, now);
          return sub !== null;
        });
        if (settled === true) processed += 1;
      }
      return { processed };
    },
  };
}
export type RenewalsService = ReturnType<typeof createRenewalsService>;
