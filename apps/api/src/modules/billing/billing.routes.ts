import {
  applyPromoCode,
  cancelPromoCode,
  cancelSubscription,
  companySubscriptionListing,
  endCurrentPeriod,
  featureAccess,
  featureListing,
  financialListing,
  getCompanyPaymentMethod,
  getPlanById,
  getPlanDetail,
  getPlans,
  getPlansByQuery,
  getPromoDiscount,
  planListing,
  previewSubscription,
  promoDetail,
  promoListing,
  refund,
  requireFeature,
  resetCompanyPlans,
  resumeSubscription,
  runRenewals,
  sandboxTokens,
  startSubscription,
  transactionListing,
  updateCompanyPaymentMethod,
  updateCompanySubscription,
  updatePlan,
  upsertPromo,
} from '@trustleaf/domain/api/billing';
import { BILLING_REFUSALS, paymentRefusal } from '@trustleaf/domain/rules/billing-refusals';
import { RAW_CARD_FIELDS } from '@trustleaf/domain/schemas/card';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { refusal } from '../../lib/errors.ts';
import type { JobDefinition, JobQueue } from '../../lib/jobs.ts';
import type { SandboxGateway } from '../../lib/payment-gateway.ts';
import { MANAGER_GATE, SUPER_ADMIN_GATE } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { BillingModule } from './billing.module.ts';
import { IDEMPOTENCY_REFUSALS } from '@trustleaf/domain/refusals';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,255}$/;
const ok = { ok: true as const };

/** Stripe-style Idempotency-Key header: optional, 8–255 safe characters. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw refusal('VALIDATION_FAILED', IDEMPOTENCY_REFUSALS.idempotencyKeyFormat);
  }
  return value;
}

/** Refuses raw card data before validation, so it is never parsed into anything further. */
async function refuseRawCardData(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body && typeof body === 'object' && RAW_CARD_FIELDS.some((field) => field in body)) {
    throw refusal('VALIDATION_FAILED', BILLING_REFUSALS.cardNotTokenised);
  }
}

type Options = { billing: BillingModule };

/** /api/plan */
export const planRoutes: FastifyPluginAsync<Options> = async (app, { billing }) => {
  route(app, getPlans, ({ auth, input }) => billing.plans.getPlans(auth, input));
  route(app, getPlansByQuery, ({ auth, input }) => billing.plans.getPlans(auth, input));
  route(app, getPlanById, ({ auth, input }) => billing.plans.getPlanDetail(auth, 0, input.id));
  route(app, planListing, ({ auth, input }) => billing.plans.planListing(auth, input.plCompanyId));
  route(app, getPlanDetail, ({ auth, input }) =>
    billing.plans.getPlanDetail(auth, input.plCompanyId, input.plPlanId),
  );
  route(app, featureListing, async () => ({ items: await billing.plans.featureListing() }));
  route(app, updatePlan, ({ auth, input }) => billing.plans.updatePlan(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(
    app,
    resetCompanyPlans,
    ({ auth, input }) => billing.plans.resetCompanyPlans(auth, input.plCompanyIds),
    {
      gate: SUPER_ADMIN_GATE,
    },
  );
};

/** /api/subscription */
export const subscriptionRoutes: FastifyPluginAsync<
  Options & {
    jobs: JobQueue;
    renewJob: JobDefinition<Record<string, never>>;
    /** Outside production only: the super admin's endCurrentPeriod control for browser journeys. */
    testControls: boolean;
  }
> = async (app, { billing, jobs, renewJob, testControls }) => {
  route(app, companySubscriptionListing, ({ auth, input }) =>
    billing.subscriptions.companySubscriptionListing(auth, input.plCompanyId),
  );
  route(
    app,
    startSubscription,
    ({ auth, input, request }) =>
      billing.subscriptions.startSubscription(auth, input, idempotencyKeyOf(request)),
    { gate: MANAGER_GATE },
  );
  route(
    app,
    updateCompanySubscription,
    ({ auth, input, request }) =>
      billing.subscriptions.updateCompanySubscription(auth, input, idempotencyKeyOf(request)),
    { gate: MANAGER_GATE },
  );
  route(
    app,
    cancelSubscription,
    ({ auth, input }) => billing.subscriptions.cancelSubscription(auth, input.plCompanyId),
    { gate: MANAGER_GATE },
  );
  route(
    app,
    previewSubscription,
    ({ auth, input }) => billing.subscriptions.previewSubscription(auth, input),
    { gate: MANAGER_GATE },
  );
  route(
    app,
    resumeSubscription,
    ({ auth, input }) => billing.subscriptions.resumeSubscription(auth, input.plCompanyId),
    { gate: MANAGER_GATE },
  );
  route(app, featureAccess, async ({ auth, input }) => ({
    status: await billing.subscriptions.featureAccess(auth, input.plCompanyId, input.featureKey, input.usage),
  }));
  route(app, requireFeature, async ({ auth, input }) => {
    await billing.subscriptions.assertFeature(auth, input.plCompanyId, input.featureKey, input.usage);
    return ok;
  });
  route(app, getPromoDiscount, ({ auth, input }) => billing.promos.getPromoDiscount(auth, input));
  route(app, applyPromoCode, ({ auth, input }) => billing.promos.applyPromoCode(auth, input), {
    gate: MANAGER_GATE,
  });
  route(
    app,
    cancelPromoCode,
    async ({ auth, input }) => {
      await billing.promos.cancelPromoCode(auth, input.plCompanyId);
      return ok;
    },
    { gate: MANAGER_GATE },
  );
  route(app, promoListing, ({ auth, input }) => billing.promos.promoListing(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, promoDetail, ({ input }) => billing.promos.promoDetail(input.promoCode));
  route(app, upsertPromo, ({ auth, input }) => billing.promos.upsertPromo(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(app, financialListing, ({ auth, input }) => billing.transactions.financialListing(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
  route(
    app,
    runRenewals,
    async () => {
      await jobs.enqueue(renewJob, {}, { singletonKey: 'renew-now' });
      return ok;
    },
    { gate: SUPER_ADMIN_GATE },
  );
  if (testControls) {
    route(
      app,
      endCurrentPeriod,
      ({ auth, input }) => billing.renewals.endCurrentPeriodNow(auth, input.plCompanyId),
      { gate: SUPER_ADMIN_GATE },
    );
  }
};

/** Payment method calls live under /api/company (spec 3 §7). */
export const companyPaymentRoutes: FastifyPluginAsync<Options> = async (app, { billing }) => {
  route(
    app,
    getCompanyPaymentMethod,
    async ({ auth, input }) => ({
      companyPaymentMethod: await billing.payments.getCompanyPaymentMethod(auth, input.plCompanyId),
    }),
    { gate: MANAGER_GATE },
  );
  route(
    app,
    updateCompanyPaymentMethod,
    ({ auth, input }) => billing.payments.updateCompanyPaymentMethod(auth, input),
    { gate: MANAGER_GATE, preValidation: refuseRawCardData },
  );
};

/** /api/transaction */
export const transactionRoutes: FastifyPluginAsync<Options> = async (app, { billing }) => {
  route(app, transactionListing, ({ auth, input }) => billing.transactions.transactionListing(auth, input), {
    gate: MANAGER_GATE,
  });
  route(app, refund, ({ auth, input }) => billing.transactions.refund(auth, input), {
    gate: SUPER_ADMIN_GATE,
  });
};

/**
 * The sandbox gateway's tokenisation endpoint, called by the browser (hosted-fields style). It is
 * the processor's side of the line: its body is never logged (see REDACT_PATHS) nor stored.
 * Unauthenticated by design, so it is limited per client address: an open tokeniser is how stolen
 * card numbers get tested, as processors' own endpoints are limited for the same reason.
 */
export const sandboxGatewayRoutes: FastifyPluginAsync<{
  gateway: SandboxGateway;
  /** Tokenisations one client address may ask for per minute (SANDBOX_TOKENS_PER_MINUTE). */
  tokensPerMinute: number;
}> = async (app, { gateway, tokensPerMinute }) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => refusal('RATE_LIMITED', BILLING_REFUSALS.tooManyCardAttempts),
  });
  route(
    app,
    sandboxTokens,
    async ({ input }) => {
      const result = await gateway.tokenize(input);
      if (!result.ok) {
        throw refusal(
          'PAYMENT_FAILED',
          paymentRefusal(result.messages[0] ?? BILLING_REFUSALS.paymentFailed.message),
        );
      }
      const { ok: _ok, ...token } = result;
      return token;
    },
    { config: { rateLimit: { max: tokensPerMinute, timeWindow: 60_000 } } },
  );
};
