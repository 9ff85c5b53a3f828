import type { GetPlansInput, Plan, PlanFeature, UpdatePlanInput } from '@trustleaf/domain/schemas/billing';
import { chargeDescription, type ChargeKind } from '@trustleaf/domain/rules/charge-description';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import sanitizeHtml from 'sanitize-html';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import { requireSuperAdmin, toCents, toDollars } from './billing.common.ts';
import type { PlanRow, PlansRepository } from './plans.repository.ts';
import { COMMON_REFUSALS, NAMED_REFUSALS } from '@trustleaf/domain/refusals';

/** Feature descriptions are HTML written by super admins; only formatting survives (on save and on display). */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'span'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

/** Plans and their features: the catalogue, the super admin's editor, and what a company may buy. */
export function createPlansService({
  companyAccess,
  repo,
}: {
  companyAccess: CompanyAccess;
  repo: PlansRepository;
}) {
  async function planFeaturesByPlan(planIds: number[]): Promise<Map<number, PlanFeature[]>> {
    const rows = await repo.planFeaturesOf(planIds);
    const byPlan = new Map<number, PlanFeature[]>();
    for (const { config, feature } of rows) {
      const list = byPlan.get(config.planId) ?? [];
      list.push({
        plFeatureId: feature.id,
        key: feature.key,
        name: feature.name,
        featureType: feature.featureType,
        available: feature.available,
        priority: feature.priority,
        isMenuSetting: feature.isMenuSetting,
        planFeatureConfig: {
          available: config.available,
          include: config.include,
          clientThreshold: config.clientThreshold,
          status: config.status,
        },
        restriction: (config.restriction as PlanFeature['restriction']) ?? null,
      });
      byPlan.set(config.planId, list);
    }
    return byPlan;
  }

  function toPlan(row: PlanRow, planFeatures: PlanFeature[]): Plan {
    const description = row.detailDescription as Plan['detailDescription'];
    return {
      plPlanId: row.id,
      name: row.name,
      status: row.status,
      region: row.region,
      priority: row.priority,
      monthlyFee: toDollars(row.monthlyFeeCents),
      annualFee: toDollars(row.annualFeeCents),
      promoMonthlyFee: row.promoMonthlyFeeCents === null ? null : toDollars(row.promoMonthlyFeeCents),
      promoAnnualFee: row.promoAnnualFeeCents === null ? null : toDollars(row.promoAnnualFeeCents),
      enableCcPaymentMonthly: row.enableCcPaymentMonthly,
      enableCcPaymentAnnually: row.enableCcPaymentAnnually,
      enableEftPaymentMonthly: row.enableEftPaymentMonthly,
      enableEftPaymentAnnually: row.enableEftPaymentAnnually,
      enableSkipPaywall: row.enableSkipPaywall,
      trialDuration: row.trialDuration,
      trialUnit: row.trialUnit,
      detailDescription: {
        title: description?.title ?? row.name,
        detailDescriptions: (description?.detailDescriptions ?? []).map((d) => ({
          shortDescription: d.shortDescription,
          detailDescription: sanitizeDescription(d.detailDescription),
        })),
      },
      features: planFeatures,
    };
  }

  async function plansWithFeatures(rows: PlanRow[]): Promise<Plan[]> {
    const byPlan = await planFeaturesByPlan(rows.map((r) => r.id));
    return rows.map((row) => toPlan(row, byPlan.get(row.id) ?? []));
  }

  async function loadPlan(planId: number): Promise<PlanRow> {
    const plan = await repo.findPlan(planId);
    if (!plan) throw refusal('NOT_FOUND', COMMON_REFUSALS.planNotFound);
    return plan;
  }

  /** A plan the company may buy: active, or assigned to it (metadata.availablePlans). */
  async function purchasablePlan(companyId: number, planId: number): Promise<PlanRow> {
    const plan = await loadPlan(planId);
    const available = await repo.availablePlanIds(companyId);
    // Inactive plans are offered only to companies they were assigned to (metadata.availablePlans).
    if (plan.status !== 'ACTIVE' && !available.includes(plan.id))
      throw refusal('NOT_FOUND', COMMON_REFUSALS.planNotFound);
    if (available.length > 0 && !available.includes(plan.id))
      throw refusal('FORBIDDEN', COMMON_REFUSALS.planNotAvailable);
    // A region's plans are priced for its companies (spec 3 §9): a US company may not buy a
    // Canadian plan, nor the reverse, unless the plan was assigned to it.
    const country = (await repo.companyCountry(companyId))?.trim().toUpperCase();
    if (!available.includes(plan.id) && (country === 'US' || country === 'CA') && plan.region !== country)
      throw refusal('FORBIDDEN', COMMON_REFUSALS.planNotAvailable);
    return plan;
  }

  return {
    loadPlan,
    findPlan: (planId: number) => repo.findPlan(planId),
    /** The line a charge for a subscription's plan shows on the card statement and the receipt. */
    async describeCharge(
      sub: { planId: number; paymentFrequency: PaymentFrequency },
      kind: ChargeKind,
    ): Promise<string> {
      const plan = await repo.findPlan(sub.planId);
      return chargeDescription(kind, plan?.name ?? 'Plan', sub.paymentFrequency);
    },
    availablePlanIds: (companyId: number) => repo.availablePlanIds(companyId),
    planFeaturesByPlan,
    purchasablePlan,

    async getPlans(auth: AuthContext, input: GetPlansInput) {
      // Withdrawn plans are the super admin's business, as in planListing and getPlanDetail.
      if (input.status === 'INACTIVE' && !auth.isSuperAdmin)
        throw refusal('FORBIDDEN', COMMON_REFUSALS.superAdminOnly);
      const rows = await repo.listPlans({
        status: input.status,
        region: input.region,
        sort: input.sortOrder,
      });
      const pageRows = rows.slice(
        (input.currentPage - 1) * input.itemsPerPage,
        input.currentPage * input.itemsPerPage,
      );
      return { items: await plansWithFeatures(pageRows), total: rows.length };
    },

    async planListing(auth: AuthContext, companyId: number | undefined) {
      if (companyId) await companyAccess.require(auth, companyId);
      const rows = await repo.listPlans({ status: auth.isSuperAdmin ? undefined : 'ACTIVE' });
      return { items: await plansWithFeatures(rows) };
    },

    async getPlanDetail(auth: AuthContext, companyId: number, planId: number): Promise<Plan> {
      if (companyId) await companyAccess.require(auth, companyId);
      const plan = await loadPlan(planId);
      // A withdrawn plan is the super admin's, and that of a company it is offered to (updatePlan).
      const offered = companyId !== 0 && (await repo.availablePlanIds(companyId)).includes(plan.id);
      if (plan.status !== 'ACTIVE' && !auth.isSuperAdmin && !offered)
        throw refusal('NOT_FOUND', COMMON_REFUSALS.planNotFound);
      return (await plansWithFeatures([plan]))[0]!;
    },

    async featureListing() {
      return (await repo.listFeatures()).map((f) => ({
        plFeatureId: f.id,
        key: f.key,
        name: f.name,
        featureType: f.featureType,
        available: f.available,
        priority: f.priority,
        isMenuSetting: f.isMenuSetting,
      }));
    },

    async updatePlan(auth: AuthContext, input: UpdatePlanInput) {
      requireSuperAdmin(auth);
      // A company named (not 0, "every company") must exist before any plan is saved for it.
      await companyAccess.require(auth, input.plCompanyId);
      const ids: number[] = [];
      for (const plan of input.plans) {
        const id = await repo
          .upsertPlan(
            {
              name: plan.name,
              status: plan.status,
              region: plan.region,
              priority: plan.priority,
              monthlyFeeCents: toCents(plan.monthlyFee),
              annualFeeCents: toCents(plan.annualFee),
              promoMonthlyFeeCents: plan.promoMonthlyFee === null ? null : toCents(plan.promoMonthlyFee),
              promoAnnualFeeCents: plan.promoAnnualFee === null ? null : toCents(plan.promoAnnualFee),
              enableCcPaymentMonthly: plan.enableCcPaymentMonthly,
              enableCcPaymentAnnually: plan.enableCcPaymentAnnually,
              enableEftPaymentMonthly: plan.enableEftPaymentMonthly,
              enableEftPaymentAnnually: plan.enableEftPaymentAnnually,
              enableSkipPaywall: plan.enableSkipPaywall,
              trialDuration: plan.trialDuration,
              trialUnit: plan.trialUnit,
              detailDescription: {
                title: plan.detailDescription.title,
                detailDescriptions: plan.detailDescription.detailDescriptions.map((d) => ({
                  shortDescription: d.shortDescription,
                  detailDescription: sanitizeDescription(d.detailDescription),
                })),
              },
            },
            plan.plPlanId,
            plan.features.map((f) => ({
              planId: 0,
              featureId: f.plFeatureId,
              available: f.planFeatureConfig.available,
              include: f.planFeatureConfig.include,
              clientThreshold: f.planFeatureConfig.clientThreshold,
              status: f.planFeatureConfig.status,
              restriction: f.restriction,
            })),
          )
          .catch((error: unknown) => {
            const code = pgErrorCode(error);
            if (code === UNIQUE_VIOLATION) throw refusal('CONFLICT', NAMED_REFUSALS.planNameTaken(plan.name));
            if (code === FOREIGN_KEY_VIOLATION)
              throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.unknownFeature);
            throw error;
          });
        if (id === null) throw refusal('NOT_FOUND', COMMON_REFUSALS.planNotFound);
        ids.push(id);
      }
      // Spec 3 §7 updatePlan {plCompanyId, plans}: the plans saved for a company are offered to it
      // (metadata.availablePlans), beside any it was offered before; resetCompanyPlans undoes it.
      if (input.plCompanyId !== 0) await repo.offerPlans(input.plCompanyId, ids);
      const rows = await Promise.all(ids.map((id) => loadPlan(id)));
      return { plans: await plansWithFeatures(rows) };
    },

    async resetCompanyPlans(auth: AuthContext, companyIds: number[]) {
      requireSuperAdmin(auth);
      for (const companyId of new Set(companyIds)) await companyAccess.require(auth, companyId);
      await repo.resetCompanyPlans(companyIds);
      return { ok: true as const };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
