import type {
  CompanySubscription,
  CompanySubscriptionListing,
  PreviewSubscriptionInput,
  StartSubscriptionInput,
  SubscriptionPreview,
  UpdateCompanySubscriptionInput,
} from '@trustleaf/domain/schemas/billing';
import { chargeDescription } from '@trustleaf/domain/rules/charge-description';
import { featureStatus, type FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { roundCents, type PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import {
  isSubscriptionActive,
  periodEnd,
  prorationInstant,
  quoteStart,
  quoteSwitch,
  SAME_PLAN_MESSAGE,
  type SubscriptionQuote,
} from '@trustleaf/domain/rules/subscription';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CompanyLocks } from '../../lib/company-locks.ts';
import { AppError, refusal } from '../../lib/errors.ts';
import type { WithIdempotency } from '../../lib/idempotency.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import {
  BILLING_REFUSALS,
  iso,
  MANAGERS,
  oneChargeAtATime,
  priceOfPlan,
  toCents,
  toDollars,
} from './billing.common.ts';
import type { NoticesService } from './notices.service.ts';
import type { Charge } from './payments.service.ts';
import type { PaymentsRepository, TransactionRow } from './payments.repository.ts';
import type { PlanRow } from './plans.repository.ts';
import type { PlansService } from './plans.service.ts';
import type { PromoRow } from './promos.repository.ts';
import type { PromosService } from './promos.service.ts';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

export function toSubscription(
  row: SubscriptionRow,
  planName: string,
  promoCode: string | null,
): CompanySubscription {
  return {
    plCompanySubscriptionId: row.id,
    status: row.status,
    paymentFrequency: row.paymentFrequency,
    autoRenew: row.autoRenew,
    startedAt: row.startedAt.toISOString(),
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    trialEndsAt: iso(row.trialEndsAt),
    trialDuration: row.trialDuration,
    trialUnit: row.trialUnit,
    price: toDollars(row.priceCents),
    promoCode,
    nextRetryAt: iso(row.nextRetryAt),
    subscription: { plPlanId: row.planId, name: planName },
  };
}

/** What starting, switching and renewing a subscription all work with (the renewals service too). */
export interface SubscriptionWork {
  companyAccess: CompanyAccess;
  repo: SubscriptionsRepository;
  paymentMethods: Pick<PaymentsRepository, 'findPaymentMethod' | 'paidChargeCount'>;
  plans: PlansService;
  promos: PromosService;
  notices: Pick<NoticesService, 'queueNotice' | 'receipt' | 'paymentFailed' | 'ended' | 'findNotice'>;
  charge: Charge;
  clock: Clock;
  /** One charge in flight per company (the billing account's lock). */
  locks: CompanyLocks;
}

export interface SubscriptionsServiceDeps extends SubscriptionWork {
  withIdempotency: WithIdempotency;
  record: RecordActivity;
}

/** A company's subscription: start, switch (prorated), preview, cancel, resume, and what it unlocks. */
export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { companyAccess, repo, paymentMethods, plans, promos, notices, charge, clock, locks } = deps;
  const { withIdempotency, record } = deps;

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

  /**
   * What a purchase charges, by the rule the preview shows (quoteStart, quoteSwitch): the preview
   * and the charge both call this, so they cannot disagree.
   */
  async function quote(input: {
    companyId: number;
    plan: PlanRow;
    frequency: PaymentFrequency;
    live: SubscriptionRow | null;
    promo: PromoRow | null;
    now: Date;
    quotedAt?: Date | null;
  }): Promise<SubscriptionQuote> {
    const price = priceOfPlan(input.plan, input.frequency);
    const skipPaywall = input.plan.enableSkipPaywall;
    const { live } = input;
    if (live && isSubscriptionActive(live.status)) {
      return quoteSwitch({
        now: prorationInstant(input.now, input.quotedAt, live.currentPeriodStart),
        current: {
          status: live.status,
          paidAmount: toDollars(live.paidCents),
          periodStart: live.currentPeriodStart,
          periodEnd: live.currentPeriodEnd,
        },
        price,
        frequency: input.frequency,
        trialPromo: await promos.firstPeriodPromo(live.promoId, input.plan.id, input.frequency),
        skipPaywall,
      });
    }
    const hasTrial = input.plan.trialDuration !== null && input.plan.trialUnit !== null;
    return quoteStart({
      now: input.now,
      price,
      frequency: input.frequency,
      promo: input.promo
        ? await promos.firstPeriodPromo(input.promo.id, input.plan.id, input.frequency)
        : null,
      trial: hasTrial ? { duration: input.plan.trialDuration!, unit: input.plan.trialUnit! } : null,
      skipPaywall,
    });
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

  return {
    listing,

    async companySubscriptionListing(auth: AuthContext, companyId: number) {
      await companyAccess.require(auth, companyId);
      return listing(companyId);
    },

    featureAccess,

    async assertFeature(auth: AuthContext, companyId: number, featureKey: string, usage = 0): Promise<void> {
      const status = await featureAccess(auth, companyId, featureKey, usage);
      if (status !== 'NORMAL') {
        throw new AppError(
          'PLAN_LIMIT_REACHED',
          'Your subscription does not include this feature. Upgrade your plan to use it.',
          { reason: featureKey, status },
        );
      }
    },

    async startSubscription(auth: AuthContext, input: StartSubscriptionInput, idempotencyKey?: string) {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      return oneChargeAtATime(locks, input.plCompanyId, () =>
        withIdempotency(`start:${input.plCompanyId}`, idempotencyKey, input, async () => {
          const now = clock.now();
          const plan = await plans.purchasablePlan(input.plCompanyId, input.plPlanId);
          const cardAllowed =
            input.paymentFrequency === 'MONTHLY' ? plan.enableCcPaymentMonthly : plan.enableCcPaymentAnnually;
          if (!plan.enableSkipPaywall && !cardAllowed)
            throw new AppError('VALIDATION_FAILED', 'This plan cannot be paid by card at that frequency');

          const live = await repo.liveSubscription(input.plCompanyId);
          if (live && (live.status === 'AVAILABLE' || live.status === 'TRIAL')) {
            throw new AppError(
              'CONFLICT',
              'The company already has an active subscription; switch plan instead',
            );
          }
          if (!plan.enableSkipPaywall && !(await paymentMethods.findPaymentMethod(input.plCompanyId))) {
            throw new AppError('PAYMENT_FAILED', 'Please add a payment method');
          }

          let promo: PromoRow | null = null;
          const code =
            input.promoCode?.trim() || (await promos.pendingRedemption(input.plCompanyId))?.promo.code;
          if (code) {
            promo = (await promos.promoFor(code, plan.id, input.paymentFrequency)).promo;
            await promos.redeem(promo, input.plCompanyId);
          }
          // A failed or unpaid earlier attempt is closed before the new one opens.
          if (live)
            await repo.updateSubscription(live.id, { status: 'EXPIRED', endedAt: now, nextRetryAt: null });

          const price = priceOfPlan(plan, input.paymentFrequency);
          const terms = await quote({
            companyId: input.plCompanyId,
            plan,
            frequency: input.paymentFrequency,
            live: null,
            promo,
            now,
          });
          const { trialEndsAt } = terms;
          let sub = await repo
            .insertSubscription({
              companyId: input.plCompanyId,
              planId: plan.id,
              status: 'NEW',
              paymentFrequency: input.paymentFrequency,
              priceCents: toCents(price),
              startedAt: now,
              currentPeriodStart: now,
              currentPeriodEnd: terms.nextRenewalAt,
              trialEndsAt,
              trialDuration: plan.trialDuration,
              trialUnit: plan.trialUnit,
              promoId: promo?.id ?? null,
            })
            .catch((error: unknown) => {
              if (pgErrorCode(error) === UNIQUE_VIOLATION)
                throw refusal('CONFLICT', BILLING_REFUSALS.subscriptionStarting);
              throw error;
            });
          if (promo) await promos.consumeRedemption(promo.id, input.plCompanyId, sub.id);

          if (trialEndsAt) {
            sub = await repo.updateSubscription(sub.id, { status: 'TRIAL' });
          } else if (plan.enableSkipPaywall) {
            sub = await repo.updateSubscription(sub.id, { status: 'AVAILABLE' });
          } else {
            const amount = toCents(terms.amountNow);
            let paid: TransactionRow | null = null;
            if (amount > 0) {
              const result = await charge({
                companyId: input.plCompanyId,
                subscriptionId: sub.id,
                amountCents: amount,
                description: await plans.describeCharge(sub, 'SUBSCRIPTION'),
                chargeKey: `start:${sub.id}`,
                actorUserId: auth.userId,
              });
              if (!result.ok) {
                await repo.updateSubscription(sub.id, { status: 'PAYMENT_FAILED' });
                throw new AppError('PAYMENT_FAILED', result.message);
              }
              paid = result.transaction;
            }
            sub = await repo.updateSubscription(sub.id, { status: 'AVAILABLE', paidCents: amount });
            if (paid) await notices.receipt(sub, paid);
          }
          await record({
            action: 'SUBSCRIPTION_STARTED',
            actorUserId: auth.userId,
            companyId: input.plCompanyId,
            detail: { to: plan.name, frequency: input.paymentFrequency },
          });
          return toSubscription(sub, plan.name, promo?.code ?? null);
        }),
      );
    },

    async updateCompanySubscription(
      auth: AuthContext,
      input: UpdateCompanySubscriptionInput,
      idempotencyKey?: string,
    ) {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      return oneChargeAtATime(locks, input.plCompanyId, () =>
        withIdempotency(`switch:${input.plCompanyId}`, idempotencyKey, input, async () => {
          const now = clock.now();
          const live = await repo.liveSubscription(input.plCompanyId);
          if (!live || !isSubscriptionActive(live.status))
            throw refusal('CONFLICT', BILLING_REFUSALS.startFirst);
          if (live.planId === input.plPlanId && live.paymentFrequency === input.paymentFrequency) {
            throw new AppError('VALIDATION_FAILED', SAME_PLAN_MESSAGE);
          }
          const plan = await plans.purchasablePlan(input.plCompanyId, input.plPlanId);
          const newPrice = priceOfPlan(plan, input.paymentFrequency);
          const changed = async () =>
            record({
              action: 'SUBSCRIPTION_CHANGED',
              actorUserId: auth.userId,
              companyId: input.plCompanyId,
              detail: {
                from: (await plans.findPlan(live.planId))?.name ?? '',
                to: plan.name,
                frequency: input.paymentFrequency,
              },
            });
          const terms = await quote({
            companyId: input.plCompanyId,
            plan,
            frequency: input.paymentFrequency,
            live,
            promo: null,
            now,
            quotedAt: input.quotedAt ? new Date(input.quotedAt) : null,
          });

          if (live.status === 'TRIAL') {
            const updated = await repo.updateSubscription(live.id, {
              planId: plan.id,
              paymentFrequency: input.paymentFrequency,
              priceCents: toCents(newPrice),
              autoRenew: true,
              canceledAt: null,
            });
            await changed();
            return toSubscription(updated, plan.name, null);
          }
          let paid: TransactionRow | null = null;
          if (terms.amountNow > 0) {
            const result = await charge({
              companyId: input.plCompanyId,
              subscriptionId: live.id,
              amountCents: toCents(terms.amountNow),
              description: chargeDescription('SWITCH', plan.name, input.paymentFrequency),
              chargeKey: `switch:${live.id}:${live.currentPeriodStart.getTime()}:${live.planId}:${live.paymentFrequency}:${plan.id}:${input.paymentFrequency}`,
              actorUserId: auth.userId,
            });
            if (!result.ok) throw new AppError('PAYMENT_FAILED', result.message);
            paid = result.transaction;
          }
          const updated = await repo.updateSubscription(live.id, {
            planId: plan.id,
            paymentFrequency: input.paymentFrequency,
            priceCents: toCents(newPrice),
            paidCents: toCents(roundCents(newPrice)),
            autoRenew: true,
            canceledAt: null,
            currentPeriodStart: now,
            currentPeriodEnd: periodEnd(now, input.paymentFrequency),
            promoId: null,
          });
          if (paid) await notices.receipt(updated, paid);
          await changed();
          return toSubscription(updated, plan.name, null);
        }),
      );
    },

    /**
     * What starting or switching to a plan would charge, before any charge: the same quote the
     * charge uses. A switch preview's quotedAt, sent back with the switch, holds its credit.
     */
    async previewSubscription(
      auth: AuthContext,
      input: PreviewSubscriptionInput,
    ): Promise<SubscriptionPreview> {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      const now = clock.now();
      const plan = await plans.purchasablePlan(input.plCompanyId, input.plPlanId);
      const live = await repo.liveSubscription(input.plCompanyId);
      const isSwitch = live !== null && isSubscriptionActive(live.status);
      if (isSwitch && live.planId === plan.id && live.paymentFrequency === input.paymentFrequency) {
        throw new AppError('VALIDATION_FAILED', SAME_PLAN_MESSAGE);
      }
      let promo: PromoRow | null = null;
      if (!isSwitch) {
        const code =
          input.promoCode?.trim() || (await promos.pendingRedemption(input.plCompanyId))?.promo.code;
        if (code) promo = (await promos.promoFor(code, plan.id, input.paymentFrequency)).promo;
      }
      const terms = await quote({
        companyId: input.plCompanyId,
        plan,
        frequency: input.paymentFrequency,
        live,
        promo,
        now,
      });
      return {
        kind: terms.kind,
        plPlanId: plan.id,
        planName: plan.name,
        paymentFrequency: input.paymentFrequency,
        price: terms.price,
        discount: terms.discount,
        promoCode: promo?.code ?? null,
        credit: terms.credit,
        amountNow: terms.amountNow,
        trialEndsAt: iso(terms.trialEndsAt),
        nextRenewalDate: terms.nextRenewalAt.toISOString(),
        nextRenewalAmount: terms.nextRenewalAmount,
        quotedAt: now.toISOString(),
      };
    },

    /** Auto-renew off: the subscription stays active to the period end, then becomes DELETED. */
    async cancelSubscription(auth: AuthContext, companyId: number) {
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
    },

    /**
     * Auto-renew back on after a cancel, on the same plan and frequency, while the paid period (or
     * the trial) still runs. Under the company's lock: the renewal job ends canceled periods.
     */
    async resumeSubscription(auth: AuthContext, companyId: number) {
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
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
