import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { billingAccounts, companies, features, planFeatures, plans } from '../../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;

/** Plans, their features and the plans a company may buy. */
export function createPlansRepository(db: DbExecutor) {
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

    /** The company's country (US, CA, another or none), which decides the region of its plans. */
    async companyCountry(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ country: companies.country })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.country ?? null;
    },

    /** Adds plans to those a company is offered (metadata.availablePlans), keeping the ones it has. */
    async offerPlans(companyId: number, planIds: number[]): Promise<void> {
      await db
        .insert(billingAccounts)
        .values({ companyId, availablePlanIds: planIds })
        .onConflictDoUpdate({
          target: billingAccounts.companyId,
          set: {
            availablePlanIds: sql`array(select distinct unnest(${billingAccounts.availablePlanIds} || excluded.available_plan_ids) order by 1)`,
          },
        });
    },

    /** Puts companies back on the plans every company is offered (an empty list). */
    async resetCompanyPlans(companyIds: number[]): Promise<void> {
      await db
        .update(billingAccounts)
        .set({ availablePlanIds: [] })
        .where(inArray(billingAccounts.companyId, companyIds));
    },

    async availablePlanIds(companyId: number): Promise<number[]> {
      const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId));
      return row?.availablePlanIds ?? [];
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
