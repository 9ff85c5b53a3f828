import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { promoPlans, promoRedemptions, promos } from '../../db/schema.ts';

export type PromoRow = typeof promos.$inferSelect;
export type PromoPlanRow = typeof promoPlans.$inferSelect;

/** Rolls the redemption back when the conditional usage UPDATE matched no row. */
class PromoExhausted extends Error {}

/**
 * Promo codes and their redemptions. Bound to the database, or to another module's open transaction
 * when a redemption must commit with it (a sign-up).
 */
export function createPromosRepository(db: DbExecutor) {
  return {
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
  };
}
export type PromosRepository = ReturnType<typeof createPromosRepository>;
