import type {
  CompanySubscriptionListing,
  UpdateCompanySubscriptionInput,
} from '@trustleaf/domain/schemas/billing';
import { featureStatus, type FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { isSubscriptionActive } from '@trustleaf/domain/rules/subscription';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import { BILLING_REFUSALS } from '@trustleaf/domain/rules/billing-refusals';
import { MANAGERS, oneChargeAtATime } from './billing.common.ts';
import { createSubscriptionPurchases } from './subscription-purchases.ts';
import { toSubscription, type SubscriptionsServiceDeps } from './subscription-work.ts';

export { toSubscription, type SubscriptionsServiceDeps, type SubscriptionWork } from './subscription-work.ts';

/** A company's subscription: start, switch (prorated), preview, cancel, resume, and what it unlocks. */
export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { companyAccess, repo, plans, promos, notices, clock, locks } = deps;
  const { record } = deps;

  async function companyFeatureContext(companyId: number) {
    const live = await repo.liveSubscription(companyId);
    if (!live || !isSubscriptionActive(live.status)) return { features: null, subscriptionStartedAt: null };
    const byPlan = await plans.planFeaturesByPlan([live.planId]);
    return { features: byPlan.get(live.planId) ?? [], subscriptionStartedAt: live.startedAt };
  }

  async function listing(companyId: number): Promise<CompanySubscriptionListing> {
    const rows = await repo.listSubscriptions(companyId);
    const promoIds = [
      ...new Set(rows.map((r) => r.subscription.promoId).filter((id): id is number => id !== null)),
    ];
    const codes = await promos.promoCodes(promoIds);
    const context = await companyFeatureContext(companyId);
    const pending = await promos.pendingRedemption(companyId);
    return {
      companySubscriptions: rows.map((r) =>
        toSubscription(
          r.subscription,
          r.planName,
          r.subscription.promoId ? (codes.get(r.subscription.promoId) ?? null) : null,
        ),
      ),
      metadata: { availablePlans: await plans.availablePlanIds(companyId) },
      features: context.features,
      appliedPromoCode: pending?.promo.code ?? null,
    };
  }
  /** Status of one feature for a company through the shared gating rule; `assertFeature` refuses. */
  async function featureAccess(
    auth: AuthContext,
    companyId: number,
    featureKey: string,
    usage = 0,
  ): Promise<FeatureStatus> {
    await companyAccess.require(auth, companyId);
    const context = await companyFeatureContext(companyId);
    return featureStatus(featureKey, {
      ...context,
      now: clock.now(),
      usage,
      superAdminAllCompanies: auth.isSuperAdmin && companyId === 0,
    });
  }
  const purchases = createSubscriptionPurchases(deps);

  /** Auto-renew off: the subscription stays active to the period end, then becomes DELETED. */
  async function cancelSubscription(auth: AuthContext, companyId: number) {
    await companyAccess.require(auth, companyId, MANAGERS);
    const live = await repo.liveSubscription(companyId);
    if (!live) throw refusal('NOT_FOUND', COMMON_REFUSALS.noSubscriptionToCancel);
    const plan = await plans.loadPlan(live.planId);
    if (!live.autoRenew) return toSubscription(live, plan.name, null);
    const canceledAt = clock.now();
    const updated = await repo.updateSubscription(live.id, { autoRenew: false, canceledAt });
    await notices.queueNotice({
      kind: 'CANCELED',
      eventKey: `canceled:${live.id}:${canceledAt.getTime()}`,
      companyId,
      params: { planName: plan.name, activeUntil: updated.currentPeriodEnd.toISOString() },
    });
    await record({
      action: 'SUBSCRIPTION_CANCELED',
      actorUserId: auth.userId,
      companyId,
      detail: { name: plan.name },
    });
    return toSubscription(updated, plan.name, null);
  }

  /**
   * Auto-renew back on after a cancel, on the same plan and frequency, while the paid period (or
   * the trial) still runs. Under the company's lock: the renewal job ends canceled periods.
   */
  async function resumeSubscription(auth: AuthContext, companyId: number) {
    await companyAccess.require(auth, companyId, MANAGERS);
    return oneChargeAtATime(locks, companyId, async () => {
      const live = await repo.liveSubscription(companyId);
      if (!live || !isSubscriptionActive(live.status) || live.currentPeriodEnd <= clock.now())
        throw refusal('CONFLICT', BILLING_REFUSALS.subscriptionEnded);
      const plan = await plans.loadPlan(live.planId);
      const updated = live.autoRenew
        ? live
        : await repo.updateSubscription(live.id, { autoRenew: true, canceledAt: null });
      return toSubscription(updated, plan.name, null);
    });
  }

  /**
   * A switch of plan or frequency, or auto-renew set (spec 2 §3 autoRenew): without a new plan or
   * frequency, autoRenew false cancels at the period end and true resumes; with one, the switch is
   * made and then auto-renew set as asked. Neither is 'Please select plan to switch'.
   */
  async function updateCompanySubscription(
    auth: AuthContext,
    { autoRenew, ...input }: UpdateCompanySubscriptionInput,
    idempotencyKey?: string,
  ) {
    if (autoRenew === undefined) {
      // The schema requires the plan and the frequency when autoRenew is left out.
      return purchases.updateCompanySubscription(
        auth,
        { ...input, plPlanId: input.plPlanId!, paymentFrequency: input.paymentFrequency! },
        idempotencyKey,
      );
    }
    await companyAccess.require(auth, input.plCompanyId, MANAGERS);
    const live = await repo.liveSubscription(input.plCompanyId);
    const plPlanId = input.plPlanId ?? live?.planId;
    const paymentFrequency = input.paymentFrequency ?? live?.paymentFrequency;
    const switching =
      live !== null &&
      isSubscriptionActive(live.status) &&
      (plPlanId !== live.planId || paymentFrequency !== live.paymentFrequency);
    if (switching) {
      const switched = await purchases.updateCompanySubscription(
        auth,
        { ...input, plPlanId: plPlanId!, paymentFrequency: paymentFrequency! },
        idempotencyKey,
      );
      return autoRenew ? switched : cancelSubscription(auth, input.plCompanyId);
    }
    return autoRenew
      ? resumeSubscription(auth, input.plCompanyId)
      : cancelSubscription(auth, input.plCompanyId);
  }

  return {
    ...purchases,
    updateCompanySubscription,
    listing,

    async companySubscriptionListing(auth: AuthContext, companyId: number) {
      await companyAccess.require(auth, companyId);
      return listing(companyId);
    },

    featureAccess,

    async assertFeature(auth: AuthContext, companyId: number, featureKey: string, usage = 0): Promise<void> {
      const status = await featureAccess(auth, companyId, featureKey, usage);
      if (status !== 'NORMAL') {
        throw refusal('PLAN_LIMIT_REACHED', BILLING_REFUSALS.featureNotIncluded, {
          reason: featureKey,
          status,
        });
      }
    },
    cancelSubscription,
    resumeSubscription,
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
