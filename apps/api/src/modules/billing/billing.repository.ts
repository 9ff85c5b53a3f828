import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  billingAccounts,
  billingNotices,
  companies,
  companyMembers,
  companySubscriptions,
  features,
  idempotencyKeys,
  paymentMethods,
  paymentTransactions,
  planFeatures,
  plans,
  promoPlans,
  promoRedemptions,
  promos,
  users,
} from '../../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof companySubscriptions.$inferSelect;
export type PromoRow = typeof promos.$inferSelect;
export type PromoPlanRow = typeof promoPlans.$inferSelect;
export type TransactionRow = typeof paymentTransactions.$inferSelect;
/** A payment with its company's name, as listings show it. */
export type TransactionListRow = TransactionRow & { companyName: string };

/** What the transaction listing narrows by; `null` company is every company. */
export interface TransactionFilter {
  companyId: number | null;
  status?: TransactionRow['status'] | undefined;
  /** From this instant (included) to `before` (excluded). */
  from?: Date | undefined;
  before?: Date | undefined;
  search?: string | undefined;
}
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Rolls the redemption back when the conditional usage UPDATE matched no row. */
class PromoExhausted extends Error {}

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

/**
 * Billing SQL. Company-scoped functions take the company id the caller was authorised for. Bound to the
 * database, or to another module's open transaction when billing work must commit with it.
 */
export function createBillingRepository(db: DbExecutor) {
  return {
    async listPlans(filter: { status?: 'ACTIVE' | 'INACTIVE'; region?: 'US' | 'CA'; sort?: 'ASC' | 'DESC' }) {
      const where = and(
        filter.status ? eq(plans.status, filter.status) : undefined,
        filter.region ? eq(plans.region, filter.region) : undefined,
      );
      return db
        .select()
        .from(plans)
        .where(where)
        .orderBy(
          filter.sort === 'DESC' ? desc(plans.monthlyFeeCents) : asc(plans.monthlyFeeCents),
          asc(plans.id),
        );
    },

    async findPlan(planId: number) {
      const [row] = await db.select().from(plans).where(eq(plans.id, planId));
      return row ?? null;
    },

    async listFeatures() {
      return db.select().from(features).orderBy(asc(features.priority), asc(features.id));
    },

    async planFeaturesOf(planIds: number[]) {
      if (planIds.length === 0) return [];
      return db
        .select({ config: planFeatures, feature: features })
        .from(planFeatures)
        .innerJoin(features, eq(features.id, planFeatures.featureId))
        .where(inArray(planFeatures.planId, planIds))
        .orderBy(asc(features.priority), asc(features.id));
    },

    async upsertPlan(
      values: Omit<typeof plans.$inferInsert, 'id'>,
      planId: number | undefined,
      config: (typeof planFeatures.$inferInsert)[],
    ) {
      return db.transaction(async (tx) => {
        let id = planId;
        if (id) {
          const [row] = await tx
            .update(plans)
            .set(values)
            .where(eq(plans.id, id))
            .returning({ id: plans.id });
          if (!row) return null;
        } else {
          const [row] = await tx.insert(plans).values(values).returning({ id: plans.id });
          id = row!.id;
        }
        await tx.delete(planFeatures).where(eq(planFeatures.planId, id));
        if (config.length > 0)
          await tx.insert(planFeatures).values(config.map((c) => ({ ...c, planId: id })));
        return id;
      });
    },

    async availablePlanIds(companyId: number): Promise<number[]> {
      const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId));
      return row?.availablePlanIds ?? [];
    },

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

    async paidChargeCount(subscriptionId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.subscriptionId, subscriptionId),
            inArray(paymentTransactions.status, ['Paid', 'Refunded']),
          ),
        );
      return row?.n ?? 0;
    },

    async findPaymentMethod(companyId: number) {
      const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.companyId, companyId));
      return row ?? null;
    },

    async savePaymentMethod(values: typeof paymentMethods.$inferInsert) {
      await db
        .insert(paymentMethods)
        .values(values)
        .onConflictDoUpdate({ target: paymentMethods.companyId, set: { ...values } });
    },

    /** One row per charge key: a retried job or request finds the first attempt's record. */
    async recordTransaction(values: typeof paymentTransactions.$inferInsert) {
      const [row] = await db
        .insert(paymentTransactions)
        .values(values)
        .onConflictDoUpdate({
          target: paymentTransactions.chargeKey,
          set: { chargeKey: sql`excluded.charge_key` },
        })
        .returning();
      return row!;
    },

    async findTransactionByKey(chargeKey: string) {
      const [row] = await db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.chargeKey, chargeKey));
      return row ?? null;
    },

    async findTransaction(id: number) {
      const [row] = await db
        .select({ ...getTableColumns(paymentTransactions), companyName: companies.name })
        .from(paymentTransactions)
        .innerJoin(companies, eq(companies.id, paymentTransactions.companyId))
        .where(eq(paymentTransactions.id, id));
      return row ?? null;
    },

    async addRefund(id: number, cents: number) {
      const [row] = await db
        .update(paymentTransactions)
        .set({
          refundedCents: sql`${paymentTransactions.refundedCents} + ${cents}`,
          status: sql`case when ${paymentTransactions.refundedCents} + ${cents} >= ${paymentTransactions.amountCents} then 'Refunded' else ${paymentTransactions.status} end`,
        })
        .where(
          and(
            eq(paymentTransactions.id, id),
            sql`${paymentTransactions.refundedCents} + ${cents} <= ${paymentTransactions.amountCents}`,
          ),
        )
        .returning({ id: paymentTransactions.id });
      return row ? this.findTransaction(row.id) : null;
    },

    async listTransactions(filter: TransactionFilter, page: { limit: number; offset: number }) {
      const search = filter.search ? containsPattern(filter.search) : null;
      const where = and(
        filter.companyId === null ? undefined : eq(paymentTransactions.companyId, filter.companyId),
        filter.status ? eq(paymentTransactions.status, filter.status) : undefined,
        filter.from ? gte(paymentTransactions.createdAt, filter.from) : undefined,
        filter.before ? lt(paymentTransactions.createdAt, filter.before) : undefined,
        search
          ? or(ilike(companies.name, search), ilike(paymentTransactions.description, search))
          : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select({ ...getTableColumns(paymentTransactions), companyName: companies.name })
          .from(paymentTransactions)
          .innerJoin(companies, eq(companies.id, paymentTransactions.companyId))
          .where(where)
          .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(paymentTransactions)
          .innerJoin(companies, eq(companies.id, paymentTransactions.companyId))
          .where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Charges by calendar month (UTC) from `from` on: paid and refunded cents, paid and failed counts. */
    async transactionsByMonth(companyId: number | null, from: Date) {
      const month = sql<string>`to_char(${paymentTransactions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
      const paid = sql`${paymentTransactions.status} <> 'Failed'`;
      return db
        .select({
          month,
          chargedCents: sql<number>`coalesce(sum(${paymentTransactions.amountCents}) filter (where ${paid}), 0)::int`,
          refundedCents: sql<number>`coalesce(sum(${paymentTransactions.refundedCents}) filter (where ${paid}), 0)::int`,
          payments: sql<number>`(count(*) filter (where ${paid}))::int`,
          failed: sql<number>`(count(*) filter (where not ${paid}))::int`,
        })
        .from(paymentTransactions)
        .where(
          and(
            gte(paymentTransactions.createdAt, from),
            companyId === null ? undefined : eq(paymentTransactions.companyId, companyId),
          ),
        )
        .groupBy(month);
    },

    /** Who receives billing emails (owners and admins), with the language each reads. */
    async billingRecipients(companyId: number) {
      return db
        .select({ email: users.email, language: users.language })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(
          and(
            eq(companyMembers.companyId, companyId),
            inArray(companyMembers.role, ['Company Owner', 'Company Admin']),
            isNull(companyMembers.bannedAt),
          ),
        )
        .orderBy(asc(users.id));
    },

    async findNotice(eventKey: string) {
      const [row] = await db.select().from(billingNotices).where(eq(billingNotices.eventKey, eventKey));
      return row ?? null;
    },

    /** Claims an email event; false when it was claimed before (the email exists already). */
    async claimNotice(values: { eventKey: string; companyId: number; kind: string }) {
      const rows = await db
        .insert(billingNotices)
        .values({ ...values, outboxIds: [] })
        .onConflictDoNothing()
        .returning({ eventKey: billingNotices.eventKey });
      return rows.length > 0;
    },

    async setNoticeOutbox(eventKey: string, outboxIds: number[]) {
      await db.update(billingNotices).set({ outboxIds }).where(eq(billingNotices.eventKey, eventKey));
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

    // ---- promos ----
    async findPromoByCode(code: string) {
      const [row] = await db.select().from(promos).where(eq(promos.code, code));
      return row ?? null;
    },

    async findPromo(id: number) {
      const [row] = await db.select().from(promos).where(eq(promos.id, id));
      return row ?? null;
    },

    async promoPlansOf(promoIds: number[]) {
      if (promoIds.length === 0) return [];
      return db.select().from(promoPlans).where(inArray(promoPlans.promoId, promoIds));
    },

    async listPromos(page: { limit: number; offset: number }) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(promos)
          .orderBy(desc(promos.createdAt), desc(promos.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(promos),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async upsertPromo(
      values: Omit<typeof promos.$inferInsert, 'id' | 'totalUsage'>,
      promoId: number | undefined,
      plansOf: Omit<typeof promoPlans.$inferInsert, 'promoId'>[],
    ) {
      return db.transaction(async (tx) => {
        let id = promoId;
        if (id) {
          const [row] = await tx
            .update(promos)
            .set(values)
            .where(eq(promos.id, id))
            .returning({ id: promos.id });
          if (!row) return null;
        } else {
          const [row] = await tx
            .insert(promos)
            .values(values)
            .onConflictDoNothing()
            .returning({ id: promos.id });
          if (!row) return 'DUPLICATE' as const;
          id = row.id;
        }
        await tx.delete(promoPlans).where(eq(promoPlans.promoId, id));
        await tx.insert(promoPlans).values(plansOf.map((p) => ({ ...p, promoId: id })));
        return id;
      });
    },

    /**
     * Redeems a promo for a company exactly once. The usage counter moves only through one
     * conditional UPDATE (active, within dates, under the limit), so 200 concurrent redemptions of a
     * code limited to 5 record exactly 5 (row lock + re-check of the WHERE under READ COMMITTED).
     */
    async redeemPromo(
      promoId: number,
      companyId: number,
      now: Date,
    ): Promise<'REDEEMED' | 'ALREADY' | 'EXHAUSTED'> {
      return db
        .transaction(async (tx) => {
          const [inserted] = await tx
            .insert(promoRedemptions)
            .values({ promoId, companyId })
            .onConflictDoNothing()
            .returning({ id: promoRedemptions.id });
          if (!inserted) return 'ALREADY';
          const [updated] = await tx
            .update(promos)
            .set({ totalUsage: sql`${promos.totalUsage} + 1` })
            .where(
              and(
                eq(promos.id, promoId),
                eq(promos.status, 'ACTIVE'),
                or(isNull(promos.startDate), lte(promos.startDate, now)),
                or(isNull(promos.endDate), gt(promos.endDate, now)),
                or(eq(promos.limitUsage, false), sql`${promos.totalUsage} < ${promos.maxUsage}`),
              ),
            )
            .returning({ id: promos.id });
          if (!updated) throw new PromoExhausted();
          return 'REDEEMED' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof PromoExhausted) return 'EXHAUSTED' as const;
          throw error;
        });
    },

    async pendingRedemption(companyId: number) {
      const [row] = await db
        .select({ redemption: promoRedemptions, promo: promos })
        .from(promoRedemptions)
        .innerJoin(promos, eq(promos.id, promoRedemptions.promoId))
        .where(and(eq(promoRedemptions.companyId, companyId), isNull(promoRedemptions.subscriptionId)))
        .orderBy(desc(promoRedemptions.createdAt), desc(promoRedemptions.id))
        .limit(1);
      return row ?? null;
    },

    async consumeRedemption(promoId: number, companyId: number, subscriptionId: number) {
      await db
        .update(promoRedemptions)
        .set({ subscriptionId })
        .where(
          and(
            eq(promoRedemptions.promoId, promoId),
            eq(promoRedemptions.companyId, companyId),
            isNull(promoRedemptions.subscriptionId),
          ),
        );
    },

    /** Gives back every unused redemption of the company and its usage count. */
    async cancelPendingRedemptions(companyId: number) {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(promoRedemptions)
          .where(and(eq(promoRedemptions.companyId, companyId), isNull(promoRedemptions.subscriptionId)))
          .returning({ promoId: promoRedemptions.promoId });
        for (const { promoId } of removed) {
          await tx
            .update(promos)
            .set({ totalUsage: sql`greatest(0, ${promos.totalUsage} - 1)` })
            .where(eq(promos.id, promoId));
        }
      });
    },

    async promoPlan(promoId: number, planId: number, frequency: 'MONTHLY' | 'ANNUAL') {
      const [row] = await db
        .select()
        .from(promoPlans)
        .where(
          and(
            eq(promoPlans.promoId, promoId),
            eq(promoPlans.planId, planId),
            eq(promoPlans.paymentFrequency, frequency),
          ),
        );
      return row ?? null;
    },

    // ---- idempotency keys ----
    /** Claims a key; returns the earlier record when the key was used before. */
    async claimIdempotencyKey(scope: string, key: string, requestHash: string) {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash })
        .onConflictDoNothing()
        .returning();
      if (claimed) return { claimed: true as const };
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return { claimed: false as const, existing: existing! };
    },

    async completeIdempotencyKey(scope: string, key: string, status: number, body: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },

    async releaseIdempotencyKey(scope: string, key: string) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
