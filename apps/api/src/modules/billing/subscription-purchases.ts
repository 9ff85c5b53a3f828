import type {
  PreviewSubscriptionInput,
  StartSubscriptionInput,
  SubscriptionPreview,
  SwitchSubscriptionInput,
} from '@trustleaf/domain/schemas/billing';
import { chargeDescription } from '@trustleaf/domain/rules/charge-description';
import { roundCents, type PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import {
  isSubscriptionActive,
  periodEnd,
  prorationInstant,
  quoteStart,
  quoteSwitch,
  SAME_PLAN,
  type SubscriptionQuote,
} from '@trustleaf/domain/rules/subscription';
import { BILLING_REFUSALS, paymentRefusal } from '@trustleaf/domain/rules/billing-refusals';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import { iso, MANAGERS, oneChargeAtATime, priceOfPlan, toCents, toDollars } from './billing.common.ts';
import type { TransactionRow } from './payments.repository.ts';
import type { PlanRow } from './plans.repository.ts';
import type { PromoRow } from './promos.repository.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';
import { toSubscription, type SubscriptionsServiceDeps } from './subscription-work.ts';

/**
 * Buying a subscription: starting one, switching plan or frequency (prorated), and the preview of
 * either, all priced by one quote.
 */
export function createSubscriptionPurchases(deps: SubscriptionsServiceDeps) {
  const { companyAccess, repo, paymentMethods, plans, promos, notices, charge, clock, locks } = deps;
  const { withIdempotency, record } = deps;

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

  return {
    async startSubscription(auth: AuthContext, input: StartSubscriptionInput, idempotencyKey?: string) {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      return oneChargeAtATime(locks, input.plCompanyId, () =>
        withIdempotency(`start:${input.plCompanyId}`, idempotencyKey, input, async () => {
          const now = clock.now();
          const plan = await plans.purchasablePlan(input.plCompanyId, input.plPlanId);
          const cardAllowed =
            input.paymentFrequency === 'MONTHLY' ? plan.enableCcPaymentMonthly : plan.enableCcPaymentAnnually;
          if (!plan.enableSkipPaywall && !cardAllowed)
            throw refusal('VALIDATION_FAILED', BILLING_REFUSALS.cardNotAllowed);

          const live = await repo.liveSubscription(input.plCompanyId);
          if (live && (live.status === 'AVAILABLE' || live.status === 'TRIAL')) {
            throw refusal('CONFLICT', BILLING_REFUSALS.alreadySubscribed);
          }
          if (!plan.enableSkipPaywall && !(await paymentMethods.findPaymentMethod(input.plCompanyId))) {
            throw refusal('PAYMENT_FAILED', BILLING_REFUSALS.addPaymentMethod);
          }

          let promo: PromoRow | null = null;
          const code =
            input.promoCode?.trim() || (await promos.pendingRedemption(input.plCompanyId))?.promo.code;
          if (code) {
            promo = (await promos.promoFor(code, plan.id, input.paymentFrequency, input.plCompanyId)).promo;
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
                throw refusal('PAYMENT_FAILED', paymentRefusal(result.message));
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
      input: SwitchSubscriptionInput,
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
            throw refusal('VALIDATION_FAILED', SAME_PLAN);
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
            if (!result.ok) throw refusal('PAYMENT_FAILED', paymentRefusal(result.message));
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
        throw refusal('VALIDATION_FAILED', SAME_PLAN);
      }
      let promo: PromoRow | null = null;
      if (!isSwitch) {
        const code =
          input.promoCode?.trim() || (await promos.pendingRedemption(input.plCompanyId))?.promo.code;
        if (code)
          promo = (await promos.promoFor(code, plan.id, input.paymentFrequency, input.plCompanyId)).promo;
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
  };
}
