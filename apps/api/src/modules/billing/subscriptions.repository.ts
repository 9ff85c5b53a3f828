import { and, asc, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { companySubscriptions, plans } from '../../db/schema.ts';

export type SubscriptionRow = typeof companySubscriptions.$inferSelect;

export const LIVE_STATUSES = ['NEW', 'TRIAL', 'AVAILABLE', 'PAYMENT_FAILED'] as const;

/** Live subscriptions whose period ended, failed ones whose retry is due, and canceled failed ones. */
function dueAt(now: Date) {
  return or(
    and(
      inArray(companySubscriptions.status, ['AVAILABLE', 'TRIAL']),
      lte(companySubscriptions.currentPeriodEnd, now),
    ),
    and(eq(companySubscriptions.status, 'PAYMENT_FAILED'), lte(companySubscriptions.nextRetryAt, now)),
    and(
      eq(companySubscriptions.status, 'PAYMENT_FAILED'),
      eq(companySubscriptions.autoRenew, false),
      lte(companySubscriptions.currentPeriodEnd, now),
    ),
  );
}

/** Company subscriptions: the live one, their history, and those the renewal and reminder jobs take. */
export function createSubscriptionsRepository(db: DbExecutor) {
  return {
    async listSubscriptions(companyId: number) {
      return db
        .select({ subscription: companySubscriptions, planName: plans.name })
        .from(companySubscriptions)
        .innerJoin(plans, eq(plans.id, companySubscriptions.planId))
        .where(eq(companySubscriptions.companyId, companyId))
        .orderBy(desc(companySubscriptions.createdAt), desc(companySubscriptions.id));
    },

    async liveSubscription(companyId: number) {
      const [row] = await db
        .select()
        .from(companySubscriptions)
        .where(
          and(
            eq(companySubscriptions.companyId, companyId),
            inArray(companySubscriptions.status, [...LIVE_STATUSES]),
          ),
        );
      return row ?? null;
    },

    async insertSubscription(values: typeof companySubscriptions.$inferInsert) {
      const [row] = await db.insert(companySubscriptions).values(values).returning();
      return row!;
    },

    async updateSubscription(id: number, values: Partial<typeof companySubscriptions.$inferInsert>) {
      const [row] = await db
        .update(companySubscriptions)
        .set(values)
        .where(eq(companySubscriptions.id, id))
        .returning();
      return row!;
    },

    /** Live subscriptions whose period ended, and failed ones whose retry is due. */
    async dueSubscriptions(now: Date) {
      return db
        .select()
        .from(companySubscriptions)
        .where(dueAt(now))
        .orderBy(asc(companySubscriptions.id))
        .limit(500);
    },

    /** One subscription if it is still due (read again under the company's billing lock). */
    async dueSubscription(id: number, now: Date) {
      const [row] = await db
        .select()
        .from(companySubscriptions)
        .where(and(eq(companySubscriptions.id, id), dueAt(now)));
      return row ?? null;
    },

    /**
     * Subscriptions a reminder may be due for (auto-renew on, period not yet over): trials ending by
     * `trialBefore` and annual periods renewing by `renewalBefore`.
     */
    async reminderCandidates(now: Date, trialBefore: Date, renewalBefore: Date) {
      return db
        .select()
        .from(companySubscriptions)
        .where(
          and(
            eq(companySubscriptions.autoRenew, true),
            gt(companySubscriptions.currentPeriodEnd, now),
            or(
              and(
                eq(companySubscriptions.status, 'TRIAL'),
                lte(companySubscriptions.currentPeriodEnd, trialBefore),
              ),
              and(
                eq(companySubscriptions.status, 'AVAILABLE'),
                eq(companySubscriptions.paymentFrequency, 'ANNUAL'),
                lte(companySubscriptions.currentPeriodEnd, renewalBefore),
              ),
            ),
          ),
        )
        .orderBy(asc(companySubscriptions.id))
        .limit(1000);
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
