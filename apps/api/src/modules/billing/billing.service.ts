import { createHash } from 'node:crypto';
import type {
  CompanySubscription,
  CompanySubscriptionListing,
  GetPlansInput,
  PaymentMethod,
  Plan,
  PlanFeature,
  PreviewSubscriptionInput,
  Promo,
  PromoDiscount,
  StartSubscriptionInput,
  SubscriptionPreview,
  UpdateCompanySubscriptionInput,
  UpdatePaymentMethodInput,
  UpdatePlanInput,
  UpsertPromoInput,
} from '@trustleaf/domain/schemas/billing';
import { chargeDescription, type ChargeKind } from '@trustleaf/domain/rules/charge-description';
import { featureStatus, type FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import {
  discountedPrice,
  planPrice,
  roundCents,
  type DiscountType,
  type PaymentFrequency,
} from '@trustleaf/domain/rules/pricing';
import {
  INVALID_PROMO_MESSAGE,
  MAX_USAGE_PROMO_MESSAGE,
  normalisePromoCode,
  promoValidity,
} from '@trustleaf/domain/rules/promo';
import {
  isSubscriptionActive,
  nextRetryAt,
  periodEnd,
  prorationInstant,
  quoteStart,
  quoteSwitch,
  SAME_PLAN_MESSAGE,
  trialEnd,
  type SubscriptionQuote,
} from '@trustleaf/domain/rules/subscription';
import sanitizeHtml from 'sanitize-html';
import type { Db, DbExecutor } from '../../db/client.ts';
import { requireCompanyAccess, type AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { LOCK_BUSY, type CompanyLocks } from '../../lib/company-locks.ts';
import { AppError } from '../../lib/errors.ts';
import type { OutboxMailer } from '../../lib/mailer.ts';
import type { PaymentGateway } from '../../lib/payment-gateway.ts';
import {
  canceledMail,
  endedMail,
  paymentFailedMail,
  receiptMail,
  renewalUpcomingMail,
  trialEndingMail,
} from '../mail/billing.templates.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { BillingNotice } from './billing.jobs.ts';
import { createTransactionsService } from './transactions.service.ts';
import {
  createBillingRepository,
  type BillingRepository,
  type PlanRow,
  type PromoRow,
  type SubscriptionRow,
  type TransactionRow,
} from './billing.repository.ts';

const toCents = (dollars: number): number => Math.round(dollars * 100);
const toDollars = (cents: number): number => cents / 100;

/** A plan's price for a payment frequency, from its stored cents (the domain's pricing rule). */
function priceOfPlan(
  plan: {
    monthlyFeeCents: number;
    annualFeeCents: number;
    promoMonthlyFeeCents: number | null;
    promoAnnualFeeCents: number | null;
  },
  frequency: PaymentFrequency,
): number {
  const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));
  return planPrice(
    {
      monthlyFee: toDollars(plan.monthlyFeeCents),
      annualFee: toDollars(plan.annualFeeCents),
      promoMonthlyFee: dollarsOrNull(plan.promoMonthlyFeeCents),
      promoAnnualFee: dollarsOrNull(plan.promoAnnualFeeCents),
    },
    frequency,
  );
}
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const MANAGERS = ['Company Owner', 'Company Admin'] as const;

/** Feature descriptions are HTML written by super admins; only formatting survives (on save and on display). */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'span'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

export interface BillingServiceDeps {
  db: Db;
  repo: BillingRepository;
  clock: Clock;
  gateway: PaymentGateway;
  mailer: OutboxMailer;
  appUrl: string;
  /** One charge in flight per company (the billing account's lock). */
  locks: CompanyLocks;
  /** Queues a billing email (the billing.send-notice job); none when absent. */
  enqueueNotice?: (notice: BillingNotice) => Promise<void>;
  /** The activity log: subscription changes, card updates and every charge's outcome. */
  record?: RecordActivity;
  log?: (line: string) => void;
}

/** Reminder emails (issue 19): a trial's end 3 days ahead, an annual renewal 7 days ahead. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
export const ANNUAL_RENEWAL_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

export const PAYMENT_IN_PROGRESS_MESSAGE =
  'A payment for this company is already in progress. Please try again in a moment.';
/** How long a card update or the renewal job waits for a charge in flight before leaving it be. */
const LOCK_WAIT_MS = 30_000;

function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
}

export function createBillingService({
  db,
  repo,
  clock,
  gateway,
  mailer,
  appUrl,
  locks,
  enqueueNotice,
  record = async () => {},
  log = () => {},
}: BillingServiceDeps) {
  /** Runs a request's billing work holding the company's lock; a second one at the same time gets 409. */
  async function oneChargeAtATime<T>(companyId: number, work: () => Promise<T>): Promise<T> {
    const result = await locks.tryWith(companyId, work);
    if (result === LOCK_BUSY) throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS_MESSAGE);
    return result;
  }

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

  function toSubscription(
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

  async function loadPlan(planId: number): Promise<PlanRow> {
    const plan = await repo.findPlan(planId);
    if (!plan) throw new AppError('NOT_FOUND', 'Plan not found');
    return plan;
  }

  /** The promo that applies to a plan and frequency, or the coded error the promo dialog shows. */
  async function promoFor(code: string, planId: number, frequency: PaymentFrequency) {
    const promo = await repo.findPromoByCode(normalisePromoCode(code));
    const validity = promoValidity(promo, clock.now());
    if (validity === 'MAX_USAGE_PROMO_CODE')
      throw new AppError('MAX_USAGE_PROMO_CODE', MAX_USAGE_PROMO_MESSAGE);
    if (validity !== 'VALID' || !promo) throw new AppError('INVALID_PROMO_CODE', INVALID_PROMO_MESSAGE);
    const promoPlan = await repo.promoPlan(promo.id, planId, frequency);
    if (!promoPlan) throw new AppError('INVALID_PROMO_CODE', INVALID_PROMO_MESSAGE);
    return { promo, promoPlan };
  }

  async function redeem(promo: PromoRow, companyId: number, queries = repo): Promise<void> {
    const outcome = await queries.redeemPromo(promo.id, companyId, clock.now());
    if (outcome === 'EXHAUSTED') throw new AppError('MAX_USAGE_PROMO_CODE', MAX_USAGE_PROMO_MESSAGE);
  }

  /** Holds a promo for the company's next subscription; the usage is counted once, atomically. */
  async function applyPromo(queries: BillingRepository, companyId: number, promoCode: string) {
    const promo = await queries.findPromoByCode(normalisePromoCode(promoCode));
    const validity = promoValidity(promo, clock.now());
    const pending = await queries.pendingRedemption(companyId);
    if (promo && pending?.promo.id === promo.id) return { promoCode: promo.code };
    if (validity === 'MAX_USAGE_PROMO_CODE')
      throw new AppError('MAX_USAGE_PROMO_CODE', MAX_USAGE_PROMO_MESSAGE);
    if (validity !== 'VALID' || !promo) throw new AppError('INVALID_PROMO_CODE', INVALID_PROMO_MESSAGE);
    if (pending) await queries.cancelPendingRedemptions(companyId);
    await redeem(promo, companyId, queries);
    return { promoCode: promo.code };
  }

  const promoDollars = (type: 'PRICE' | 'AMOUNT' | 'PERCENT', x100: number) => x100 / 100;

  /**
   * Queues a billing email. The money path it follows has settled already, so a queue that cannot
   * take the job is logged, never turned into a failed request.
   */
  async function queueNotice(notice: BillingNotice): Promise<void> {
    if (!enqueueNotice) return;
    try {
      await enqueueNotice(notice);
    } catch (error) {
      log(`billing.send-notice ${notice.eventKey} not queued: ${String(error)}`);
    }
  }

  const cardOf = (tx: TransactionRow) => ({ brand: tx.brand, last4: tx.last4 });

  /** The receipt of a paid charge, for the period the subscription row now shows. */
  async function receipt(sub: SubscriptionRow, tx: TransactionRow): Promise<void> {
    const plan = await repo.findPlan(sub.planId);
    await queueNotice({
      kind: 'RECEIPT',
      eventKey: `receipt:${tx.id}`,
      companyId: sub.companyId,
      params: {
        ...cardOf(tx),
        planName: plan?.name ?? '',
        frequency: sub.paymentFrequency,
        amount: toDollars(tx.amountCents),
        periodStart: sub.currentPeriodStart.toISOString(),
        periodEnd: sub.currentPeriodEnd.toISOString(),
      },
    });
  }

  async function paymentFailed(sub: SubscriptionRow, tx: TransactionRow, retryAt: Date | null) {
    const plan = await repo.findPlan(sub.planId);
    await queueNotice({
      kind: 'PAYMENT_FAILED',
      eventKey: `payment-failed:${tx.id}`,
      companyId: sub.companyId,
      params: {
        ...cardOf(tx),
        planName: plan?.name ?? '',
        amount: toDollars(tx.amountCents),
        reason: tx.failureMessage ?? 'Payment failed',
        nextRetryAt: iso(retryAt),
      },
    });
  }

  async function ended(sub: SubscriptionRow, endedAt: Date, reason: 'CANCELED' | 'PAYMENT') {
    const plan = await repo.findPlan(sub.planId);
    await queueNotice({
      kind: 'ENDED',
      eventKey: `ended:${sub.id}`,
      companyId: sub.companyId,
      params: { planName: plan?.name ?? '', endedAt: endedAt.toISOString(), reason },
    });
  }

  /**
   * Charges the company's card once per charge key and records the transaction. Re-running with
   * the same key (a retried job or request) returns the first outcome without a second charge.
   * Callers derive the key from the billing state the charge settles (subscription, period, plan),
   * never from the clock, and the card is part of it: the gateway's idempotency key is the server's
   * own, whether or not the client sent an Idempotency-Key. Callers hold the company's lock.
   */
  async function charge(input: {
    companyId: number;
    subscriptionId: number | null;
    amountCents: number;
    description: string;
    chargeKey: string;
    /** Who asked for the charge; none for the renewal job. */
    actorUserId?: number;
  }): Promise<
    | { ok: true; transaction: TransactionRow }
    | { ok: false; message: string; transaction: TransactionRow | null }
  > {
    const method = await repo.findPaymentMethod(input.companyId);
    if (!method) {
      return { ok: false, message: 'Please add a payment method', transaction: null };
    }
    const chargeKey = `${input.chargeKey}:${createHash('sha256').update(method.token).digest('hex').slice(0, 16)}`;
    const previous = await repo.findTransactionByKey(chargeKey);
    if (previous) {
      return previous.status === 'Failed'
        ? { ok: false, message: previous.failureMessage ?? 'Payment failed', transaction: previous }
        : { ok: true, transaction: previous };
    }
    const result = await gateway.charge({
      token: method.token,
      amountCents: input.amountCents,
      currency: 'USD',
      idempotencyKey: chargeKey,
      description: input.description,
    });
    const transaction = await repo.recordTransaction({
      companyId: input.companyId,
      subscriptionId: input.subscriptionId,
      amountCents: input.amountCents,
      status: result.ok ? 'Paid' : 'Failed',
      description: input.description,
      failureMessage: result.ok ? null : result.message,
      gatewayChargeId: result.ok ? result.chargeId : null,
      chargeKey,
      brand: method.brand,
      last4: method.last4,
    });
    await record({
      action: result.ok ? 'PAYMENT_SUCCEEDED' : 'PAYMENT_FAILED',
      actorUserId: input.actorUserId ?? null,
      companyId: input.companyId,
      detail: { name: input.description, amount: toDollars(input.amountCents) },
    });
    return result.ok ? { ok: true, transaction } : { ok: false, message: result.message, transaction };
  }

  /** The first paid period carries the subscription's promo discount; later ones the recurring price. */
  async function amountDue(sub: SubscriptionRow): Promise<number> {
    if (!sub.promoId) return sub.priceCents;
    if ((await repo.paidChargeCount(sub.id)) > 0) return sub.priceCents;
    const promoPlan = await repo.promoPlan(sub.promoId, sub.planId, sub.paymentFrequency);
    if (!promoPlan) return sub.priceCents;
    return toCents(
      discountedPrice(
        toDollars(sub.priceCents),
        promoPlan.discountType,
        promoDollars(promoPlan.discountType, promoPlan.discountAmountX100),
      ),
    );
  }

  async function describeCharge(sub: SubscriptionRow, kind: ChargeKind): Promise<string> {
    const plan = await repo.findPlan(sub.planId);
    return chargeDescription(kind, plan?.name ?? 'Plan', sub.paymentFrequency);
  }

  async function companyFeatureContext(companyId: number) {
    const live = await repo.liveSubscription(companyId);
    if (!live || !isSubscriptionActive(live.status)) return { features: null, subscriptionStartedAt: null };
    const byPlan = await planFeaturesByPlan([live.planId]);
    return { features: byPlan.get(live.planId) ?? [], subscriptionStartedAt: live.startedAt };
  }

  async function withIdempotency<T>(
    scope: string,
    key: string | undefined,
    request: unknown,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!key) return run();
    const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const claim = await repo.claimIdempotencyKey(scope, key, hash);
    if (!claim.claimed) {
      const existing = claim.existing;
      if (existing.requestHash !== hash) {
        throw new AppError('CONFLICT', 'This Idempotency-Key was used with a different request');
      }
      if (existing.responseStatus === null) {
        throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed');
      }
      const body = existing.responseBody as
        { ok: true; value: T } | { ok: false; code: AppError['code']; message: string };
      if (body.ok) return body.value;
      throw new AppError(body.code, body.message);
    }
    try {
      const value = await run();
      await repo.completeIdempotencyKey(scope, key, 200, { ok: true, value });
      return value;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        await repo.completeIdempotencyKey(scope, key, error.status, {
          ok: false,
          code: error.code,
          message: error.message,
        });
      } else {
        await repo.releaseIdempotencyKey(scope, key);
      }
      throw error;
    }
  }

  async function listing(companyId: number): Promise<CompanySubscriptionListing> {
    const rows = await repo.listSubscriptions(companyId);
    const promoIds = [
      ...new Set(rows.map((r) => r.subscription.promoId).filter((id): id is number => id !== null)),
    ];
    const codes = new Map<number, string>();
    for (const id of promoIds) {
      const promo = await repo.findPromo(id);
      if (promo) codes.set(id, promo.code);
    }
    const context = await companyFeatureContext(companyId);
    const pending = await repo.pendingRedemption(companyId);
    return {
      companySubscriptions: rows.map((r) =>
        toSubscription(
          r.subscription,
          r.planName,
          r.subscription.promoId ? (codes.get(r.subscription.promoId) ?? null) : null,
        ),
      ),
      metadata: { availablePlans: await repo.availablePlanIds(companyId) },
      features: context.features,
      appliedPromoCode: pending?.promo.code ?? null,
    };
  }

  async function settleRenewal(sub: SubscriptionRow, now: Date): Promise<void> {
    const plan = await repo.findPlan(sub.planId);
    if (!sub.autoRenew && now >= sub.currentPeriodEnd) {
      await repo.updateSubscription(sub.id, { status: 'DELETED', endedAt: now, nextRetryAt: null });
      await ended(sub, now, 'CANCELED');
      return;
    }
    if (sub.status === 'AVAILABLE' || sub.status === 'TRIAL') {
      const start = sub.currentPeriodEnd;
      if (plan?.enableSkipPaywall) {
        await repo.updateSubscription(sub.id, {
          status: 'AVAILABLE',
          currentPeriodStart: start,
          currentPeriodEnd: periodEnd(start, sub.paymentFrequency),
          trialEndsAt: sub.trialEndsAt,
        });
        return;
      }
      const amount = await amountDue(sub);
      const result = await charge({
        companyId: sub.companyId,
        subscriptionId: sub.id,
        amountCents: amount,
        description: await describeCharge(sub, sub.status === 'TRIAL' ? 'TRIAL_ENDED' : 'RENEWAL'),
        chargeKey: `renew:${sub.id}:${sub.currentPeriodEnd.getTime()}`,
      });
      if (result.ok) {
        const periodStart = periodEnd(start, sub.paymentFrequency) > now ? start : now;
        const renewed = await repo.updateSubscription(sub.id, {
          status: 'AVAILABLE',
          paidCents: amount,
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd(periodStart, sub.paymentFrequency),
        });
        await receipt(renewed, result.transaction);
        return;
      }
      const retryAt = nextRetryAt(now, 1);
      await repo.updateSubscription(sub.id, {
        status: 'PAYMENT_FAILED',
        failureCount: 1,
        firstFailureAt: now,
        nextRetryAt: retryAt,
      });
      if (result.transaction) await paymentFailed(sub, result.transaction, retryAt);
      return;
    }
    if (sub.status === 'PAYMENT_FAILED') await retryFailed(sub, now, 'retry');
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
      description: await describeCharge(sub, 'RENEWAL_RETRY'),
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
      await receipt(recovered, result.transaction);
      return true;
    }
    if (reason === 'new-card') return false;
    const failures = sub.failureCount + 1;
    const next = nextRetryAt(sub.firstFailureAt ?? now, failures);
    if (next) {
      await repo.updateSubscription(sub.id, { failureCount: failures, nextRetryAt: next });
      if (result.transaction) await paymentFailed(sub, result.transaction, next);
      return false;
    }
    await repo.updateSubscription(sub.id, {
      status: 'EXPIRED',
      failureCount: failures,
      nextRetryAt: null,
      endedAt: now,
    });
    await ended(sub, now, 'PAYMENT');
    return false;
  }

  /** The promo a subscription's first paid period carries, as the pricing rule takes it. */
  async function firstPeriodPromo(
    promoId: number | null,
    planId: number,
    frequency: PaymentFrequency,
  ): Promise<{ type: DiscountType; amount: number } | null> {
    if (!promoId) return null;
    const promoPlan = await repo.promoPlan(promoId, planId, frequency);
    if (!promoPlan) return null;
    return {
      type: promoPlan.discountType,
      amount: promoDollars(promoPlan.discountType, promoPlan.discountAmountX100),
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
        trialPromo: await firstPeriodPromo(live.promoId, input.plan.id, input.frequency),
        skipPaywall,
      });
    }
    const hasTrial = input.plan.trialDuration !== null && input.plan.trialUnit !== null;
    return quoteStart({
      now: input.now,
      price,
      frequency: input.frequency,
      promo: input.promo ? await firstPeriodPromo(input.promo.id, input.plan.id, input.frequency) : null,
      trial: hasTrial ? { duration: input.plan.trialDuration!, unit: input.plan.trialUnit! } : null,
      skipPaywall,
    });
  }

  /** A plan the company may buy: active, or assigned to it (metadata.availablePlans). */
  async function purchasablePlan(companyId: number, planId: number): Promise<PlanRow> {
    const plan = await loadPlan(planId);
    const available = await repo.availablePlanIds(companyId);
    // Inactive plans are offered only to companies they were assigned to (metadata.availablePlans).
    if (plan.status !== 'ACTIVE' && !available.includes(plan.id))
      throw new AppError('NOT_FOUND', 'Plan not found');
    if (available.length > 0 && !available.includes(plan.id))
      throw new AppError('FORBIDDEN', 'This plan is not available to your company');
    return plan;
  }

  function renderNotice(notice: BillingNotice, language: ReturnType<typeof mailLanguage>) {
    switch (notice.kind) {
      case 'RECEIPT':
        return renderMail(receiptMail, language, { ...notice.params, appUrl });
      case 'PAYMENT_FAILED':
        return renderMail(paymentFailedMail, language, { ...notice.params, appUrl });
      case 'CANCELED':
        return renderMail(canceledMail, language, { ...notice.params, appUrl });
      case 'ENDED':
        return renderMail(endedMail, language, { ...notice.params, appUrl });
      case 'TRIAL_ENDING':
        return renderMail(trialEndingMail, language, { ...notice.params, appUrl });
      case 'RENEWAL_UPCOMING':
        return renderMail(renewalUpcomingMail, language, { ...notice.params, appUrl });
    }
  }

  return {
    sanitizeDescription,
    ...createTransactionsService({ db, repo, clock, gateway, locks }),

    async getPlans(input: GetPlansInput) {
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
      if (companyId) await requireCompanyAccess(db, auth, companyId);
      const rows = await repo.listPlans({ status: auth.isSuperAdmin ? undefined : 'ACTIVE' });
      return { items: await plansWithFeatures(rows) };
    },

    async getPlanDetail(auth: AuthContext, companyId: number, planId: number): Promise<Plan> {
      if (companyId) await requireCompanyAccess(db, auth, companyId);
      const plan = await loadPlan(planId);
      if (plan.status !== 'ACTIVE' && !auth.isSuperAdmin) throw new AppError('NOT_FOUND', 'Plan not found');
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
            if (
              String(
                (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
              ) === '23505'
            ) {
              throw new AppError('CONFLICT', `A plan named ${plan.name} already exists in that region`);
            }
            if (
              String(
                (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
              ) === '23503'
            ) {
              throw new AppError('VALIDATION_FAILED', 'Unknown feature');
            }
            throw error;
          });
        if (id === null) throw new AppError('NOT_FOUND', 'Plan not found');
        ids.push(id);
      }
      const rows = await Promise.all(ids.map((id) => loadPlan(id)));
      return { plans: await plansWithFeatures(rows) };
    },

    async companySubscriptionListing(auth: AuthContext, companyId: number) {
      await requireCompanyAccess(db, auth, companyId);
      return listing(companyId);
    },

    /** Status of one feature for a company through the shared gating rule; `assertFeature` refuses. */
    async featureAccess(
      auth: AuthContext,
      companyId: number,
      featureKey: string,
      usage = 0,
    ): Promise<FeatureStatus> {
      await requireCompanyAccess(db, auth, companyId);
      const context = await companyFeatureContext(companyId);
      return featureStatus(featureKey, {
        ...context,
        now: clock.now(),
        usage,
        superAdminAllCompanies: auth.isSuperAdmin && companyId === 0,
      });
    },

    async assertFeature(auth: AuthContext, companyId: number, featureKey: string, usage = 0): Promise<void> {
      const status = await this.featureAccess(auth, companyId, featureKey, usage);
      if (status !== 'NORMAL') {
        throw new AppError(
          'PLAN_LIMIT_REACHED',
          'Your subscription does not include this feature. Upgrade your plan to use it.',
          { reason: featureKey, status },
        );
      }
    },

    async startSubscription(auth: AuthContext, input: StartSubscriptionInput, idempotencyKey?: string) {
      await requireCompanyAccess(db, auth, input.plCompanyId, MANAGERS);
      return oneChargeAtATime(input.plCompanyId, () =>
        withIdempotency(`start:${input.plCompanyId}`, idempotencyKey, input, async () => {
          const now = clock.now();
          const plan = await purchasablePlan(input.plCompanyId, input.plPlanId);
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
          if (!plan.enableSkipPaywall && !(await repo.findPaymentMethod(input.plCompanyId))) {
            throw new AppError('PAYMENT_FAILED', 'Please add a payment method');
          }

          let promo: PromoRow | null = null;
          const code =
            input.promoCode?.trim() || (await repo.pendingRedemption(input.plCompanyId))?.promo.code;
          if (code) {
            promo = (await promoFor(code, plan.id, input.paymentFrequency)).promo;
            await redeem(promo, input.plCompanyId);
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
              if ((error as { cause?: { code?: string } }).cause?.code === '23505')
                throw new AppError('CONFLICT', 'A subscription is already being started');
              throw error;
            });
          if (promo) await repo.consumeRedemption(promo.id, input.plCompanyId, sub.id);

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
                description: await describeCharge(sub, 'SUBSCRIPTION'),
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
            if (paid) await receipt(sub, paid);
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
      await requireCompanyAccess(db, auth, input.plCompanyId, MANAGERS);
      return oneChargeAtATime(input.plCompanyId, () =>
        withIdempotency(`switch:${input.plCompanyId}`, idempotencyKey, input, async () => {
          const now = clock.now();
          const live = await repo.liveSubscription(input.plCompanyId);
          if (!live || !isSubscriptionActive(live.status))
            throw new AppError('CONFLICT', 'Start a subscription first');
          if (live.planId === input.plPlanId && live.paymentFrequency === input.paymentFrequency) {
            throw new AppError('VALIDATION_FAILED', SAME_PLAN_MESSAGE);
          }
          const plan = await purchasablePlan(input.plCompanyId, input.plPlanId);
          const newPrice = priceOfPlan(plan, input.paymentFrequency);
          const changed = async () =>
            record({
              action: 'SUBSCRIPTION_CHANGED',
              actorUserId: auth.userId,
              companyId: input.plCompanyId,
              detail: {
                from: (await repo.findPlan(live.planId))?.name ?? '',
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
          if (paid) await receipt(updated, paid);
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
      await requireCompanyAccess(db, auth, input.plCompanyId, MANAGERS);
      const now = clock.now();
      const plan = await purchasablePlan(input.plCompanyId, input.plPlanId);
      const live = await repo.liveSubscription(input.plCompanyId);
      const isSwitch = live !== null && isSubscriptionActive(live.status);
      if (isSwitch && live.planId === plan.id && live.paymentFrequency === input.paymentFrequency) {
        throw new AppError('VALIDATION_FAILED', SAME_PLAN_MESSAGE);
      }
      let promo: PromoRow | null = null;
      if (!isSwitch) {
        const code = input.promoCode?.trim() || (await repo.pendingRedemption(input.plCompanyId))?.promo.code;
        if (code) promo = (await promoFor(code, plan.id, input.paymentFrequency)).promo;
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
      await requireCompanyAccess(db, auth, companyId, MANAGERS);
      const live = await repo.liveSubscription(companyId);
      if (!live) throw new AppError('NOT_FOUND', 'No subscription to cancel');
      const plan = await loadPlan(live.planId);
      if (!live.autoRenew) return toSubscription(live, plan.name, null);
      const canceledAt = clock.now();
      const updated = await repo.updateSubscription(live.id, { autoRenew: false, canceledAt });
      await queueNotice({
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
      await requireCompanyAccess(db, auth, companyId, MANAGERS);
      return oneChargeAtATime(companyId, async () => {
        const live = await repo.liveSubscription(companyId);
        if (!live || !isSubscriptionActive(live.status) || live.currentPeriodEnd <= clock.now())
          throw new AppError('CONFLICT', 'This subscription has ended. Start a subscription instead.');
        const plan = await loadPlan(live.planId);
        const updated = live.autoRenew
          ? live
          : await repo.updateSubscription(live.id, { autoRenew: true, canceledAt: null });
        return toSubscription(updated, plan.name, null);
      });
    },

    /**
     * The billing.send-notice job: claims the event (once per key), writes the email to each owner
     * and admin in their language in the outbox, then queues delivery. A rerun of a claimed event
     * queues the same outbox rows again, which the mail job sends at most once.
     */
    async sendNotice(notice: BillingNotice): Promise<void> {
      const existing = await repo.findNotice(notice.eventKey);
      if (existing) {
        await mailer.deliver(existing.outboxIds);
        return;
      }
      const recipients = await repo.billingRecipients(notice.companyId);
      const outboxIds = await db.transaction(async (tx) => {
        const claimed = await createBillingRepository(tx).claimNotice({
          eventKey: notice.eventKey,
          companyId: notice.companyId,
          kind: notice.kind,
        });
        if (!claimed) return null;
        const ids: number[] = [];
        for (const { email, language } of recipients) {
          ids.push(await mailer.record(tx, { to: email, ...renderNotice(notice, mailLanguage(language)) }));
        }
        await createBillingRepository(tx).setNoticeOutbox(notice.eventKey, ids);
        return ids;
      });
      if (outboxIds) await mailer.deliver(outboxIds);
    },

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
        if (await repo.findNotice(eventKey)) continue;
        const plan = await repo.findPlan(sub.planId);
        if (!plan || plan.enableSkipPaywall) continue;
        const method = await repo.findPaymentMethod(sub.companyId);
        await queueNotice({
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

    async getCompanyPaymentMethod(auth: AuthContext, companyId: number): Promise<PaymentMethod | null> {
      await requireCompanyAccess(db, auth, companyId, MANAGERS);
      const row = await repo.findPaymentMethod(companyId);
      if (!row) return null;
      return {
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
        firstName: row.firstName,
        lastName: row.lastName,
        billingAddressLine1: row.billingAddressLine1,
        billingAddressLine2: row.billingAddressLine2,
        billingCity: row.billingCity,
        billingState: row.billingState,
        billingZip: row.billingZip,
        billingCountry: row.billingCountry,
      };
    },

    /** Saves the gateway's token; a company whose renewal failed is charged again at once. */
    async updateCompanyPaymentMethod(auth: AuthContext, input: UpdatePaymentMethodInput) {
      await requireCompanyAccess(db, auth, input.plCompanyId, MANAGERS);
      const card = await gateway.describeToken(input.paymentToken);
      if (!card)
        throw new AppError('PAYMENT_FAILED', 'Your card could not be verified. Please enter it again.');
      const now = clock.now();
      await repo.savePaymentMethod({
        companyId: input.plCompanyId,
        gateway: gateway.name,
        token: input.paymentToken,
        ...card,
        firstName: input.firstName,
        lastName: input.lastName,
        billingAddressLine1: input.billingAddressLine1,
        billingAddressLine2: input.billingAddressLine2 ?? null,
        billingCity: input.billingCity,
        billingState: input.billingState,
        billingZip: input.billingZip,
        billingCountry: input.billingCountry,
        updatedAt: now,
      });
      await record({
        action: 'PAYMENT_METHOD_UPDATED',
        actorUserId: auth.userId,
        companyId: input.plCompanyId,
        detail: { name: `${card.brand} •••• ${card.last4}` },
      });
      // A charge in flight (a renewal, a switch) settles first; the retry then sees its outcome.
      const settled = await locks.waitWith(input.plCompanyId, LOCK_WAIT_MS, async () => {
        const live = await repo.liveSubscription(input.plCompanyId);
        if (live?.status === 'PAYMENT_FAILED' && live.firstFailureAt) {
          return (await retryFailed(live, now, 'new-card')) ? 'AVAILABLE' : 'PAYMENT_FAILED';
        }
        return live?.status ?? null;
      });
      const subscriptionStatus =
        settled === LOCK_BUSY ? ((await repo.liveSubscription(input.plCompanyId))?.status ?? null) : settled;
      return {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        subscriptionStatus,
      };
    },

    // ---- promos ----
    async upsertPromo(auth: AuthContext, input: UpsertPromoInput): Promise<Promo> {
      requireSuperAdmin(auth);
      const code = normalisePromoCode(input.promoCode);
      const id = await repo
        .upsertPromo(
          {
            code,
            status: input.status,
            startDate: input.startDate ? new Date(input.startDate) : null,
            endDate: input.endDate ? new Date(input.endDate) : null,
            limitUsage: input.limitUsage,
            maxUsage: input.maxUsage,
          },
          input.plPromoId,
          input.promoPlans.map((p) => ({
            planId: p.plPlanId,
            paymentFrequency: p.paymentFrequency,
            discountType: p.discountType,
            discountAmountX100: Math.round(p.discountAmount * 100),
          })),
        )
        .catch((error: unknown) => {
          const pgCode = (error as { cause?: { code?: string } }).cause?.code;
          if (pgCode === '23505') throw new AppError('CONFLICT', 'A promo with this code already exists');
          if (pgCode === '23503') throw new AppError('VALIDATION_FAILED', 'Unknown plan');
          throw error;
        });
      if (id === null) throw new AppError('NOT_FOUND', 'Promo not found');
      if (id === 'DUPLICATE') throw new AppError('CONFLICT', 'A promo with this code already exists');
      return this.promoDetailById(id);
    },

    async promoDetailById(id: number): Promise<Promo> {
      const promo = await repo.findPromo(id);
      if (!promo) throw new AppError('NOT_FOUND', 'Promo not found');
      const promoPlanRows = await repo.promoPlansOf([id]);
      return {
        plPromoId: promo.id,
        promoCode: promo.code,
        status: promo.status,
        startDate: iso(promo.startDate),
        endDate: iso(promo.endDate),
        limitUsage: promo.limitUsage,
        maxUsage: promo.maxUsage,
        totalUsage: promo.totalUsage,
        promoPlans: promoPlanRows.map((p) => ({
          plPlanId: p.planId,
          paymentFrequency: p.paymentFrequency,
          discountType: p.discountType,
          discountAmount: p.discountAmountX100 / 100,
        })),
      };
    },

    async promoListing(auth: AuthContext, page: { currentPage: number; itemsPerPage: number }) {
      requireSuperAdmin(auth);
      const { items, total } = await repo.listPromos({
        limit: page.itemsPerPage,
        offset: (page.currentPage - 1) * page.itemsPerPage,
      });
      return { items: await Promise.all(items.map((p) => this.promoDetailById(p.id))), total };
    },

    /** Any signed-in user may look a code up (the sign-up form does); invalid codes say so. */
    async promoDetail(code: string): Promise<Promo> {
      const promo = await repo.findPromoByCode(normalisePromoCode(code));
      const validity = promoValidity(promo, clock.now());
      if (validity === 'MAX_USAGE_PROMO_CODE')
        throw new AppError('MAX_USAGE_PROMO_CODE', MAX_USAGE_PROMO_MESSAGE);
      if (validity !== 'VALID' || !promo) throw new AppError('INVALID_PROMO_CODE', INVALID_PROMO_MESSAGE);
      return this.promoDetailById(promo.id);
    },

    async getPromoDiscount(
      auth: AuthContext,
      input: { plCompanyId: number; plPlanId: number; paymentFrequency: PaymentFrequency; promoCode: string },
    ): Promise<PromoDiscount> {
      await requireCompanyAccess(db, auth, input.plCompanyId);
      const plan = await loadPlan(input.plPlanId);
      const { promo, promoPlan } = await promoFor(input.promoCode, plan.id, input.paymentFrequency);
      const price = priceOfPlan(plan, input.paymentFrequency);
      const amount = promoPlan.discountAmountX100 / 100;
      const discounted = discountedPrice(price, promoPlan.discountType, amount);
      const now = clock.now();
      const firstBilling =
        plan.trialDuration && plan.trialUnit ? trialEnd(now, plan.trialDuration, plan.trialUnit) : now;
      return {
        promoCode: promo.code,
        discountType: promoPlan.discountType,
        discountAmount: amount,
        actualDiscountAmount: roundCents(price - discounted),
        price,
        discountedPrice: discounted,
        firstBillingDate: firstBilling.toISOString(),
      };
    },

    async applyPromoCode(auth: AuthContext, input: { plCompanyId: number; promoCode: string }) {
      await requireCompanyAccess(db, auth, input.plCompanyId, MANAGERS);
      return applyPromo(repo, input.plCompanyId, input.promoCode);
    },

    /**
     * applyPromoCode for a company being created (sign-up, spec 1 §3 and §8), inside the caller's
     * transaction: the use is counted when the registration commits, and never when it fails.
     */
    async applyPromoCodeInTransaction(tx: DbExecutor, plCompanyId: number, promoCode: string) {
      return applyPromo(createBillingRepository(tx), plCompanyId, promoCode);
    },

    async cancelPromoCode(auth: AuthContext, companyId: number) {
      await requireCompanyAccess(db, auth, companyId, MANAGERS);
      await repo.cancelPendingRedemptions(companyId);
    },

    /**
     * Test control (registered outside production only, see billing.routes.ts): ends one company's
     * current period (or trial) now and settles it as the renewal job would, so a browser journey can
     * reach a renewal, its failure and the failed-payment state without waiting for the schedule.
     */
    async endCurrentPeriodNow(auth: AuthContext, companyId: number) {
      requireSuperAdmin(auth);
      await requireCompanyAccess(db, auth, companyId);
      await oneChargeAtATime(companyId, async () => {
        const live = await repo.liveSubscription(companyId);
        if (!live) throw new AppError('NOT_FOUND', 'No subscription to renew');
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
export type BillingService = ReturnType<typeof createBillingService>;
