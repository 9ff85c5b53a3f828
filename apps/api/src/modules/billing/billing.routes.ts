import { previewSubscription, resumeSubscription } from '@trustleaf/domain/api/billing';
import { ApiErrorBodySchema } from '@trustleaf/domain/errors';
import { IntSchema, OkSchema, TextSchema, detailOf } from '@trustleaf/domain/schemas/common';
import {
  ApplyPromoInputSchema,
  CARD_NOT_TOKENISED_MESSAGE,
  CardTokenSchema,
  CompanyIdBodySchema,
  CompanySubscriptionListingSchema,
  CompanySubscriptionSchema,
  FeatureAccessInputSchema,
  GetPlansInputSchema,
  PaymentMethodSchema,
  PlanDetailInputSchema,
  PlanListingInputSchema,
  PlanListSchema,
  PlanSchema,
  PromoDetailInputSchema,
  PromoDiscountInputSchema,
  PromoDiscountSchema,
  PromoListSchema,
  PromoSchema,
  RAW_CARD_FIELDS,
  RefundInputSchema,
  SandboxTokenInputSchema,
  StartSubscriptionInputSchema,
  SubscriptionStatusSchema,
  TransactionListingInputSchema,
  TransactionListSchema,
  TransactionSchema,
  UpdateCompanySubscriptionInputSchema,
  UpdatePaymentMethodInputSchema,
  UpdatePlanInputSchema,
  UpsertPromoInputSchema,
} from '@trustleaf/domain/schemas/billing';
import { PaginationOptionSchema } from '@trustleaf/domain/schemas/common';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { JobDefinition, JobQueue } from '../../lib/jobs.ts';
import type { SandboxGateway } from '../../lib/payment-gateway.ts';
import { route } from '../../lib/route.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { BillingService } from './billing.service.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,255}$/;

/** Stripe-style Idempotency-Key header: optional, 8–255 safe characters. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8 to 255 letters, digits or - _ : .');
  }
  return value;
}

/** Refuses raw card data before validation, so it is never parsed into anything further. */
function refuseRawCardData(request: FastifyRequest): void {
  const body = request.body;
  if (body && typeof body === 'object' && RAW_CARD_FIELDS.some((field) => field in body)) {
    throw new AppError('VALIDATION_FAILED', CARD_NOT_TOKENISED_MESSAGE);
  }
}

type Options = { service: BillingService };

/** /api/plan */
export const planRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/getPlans',
    { schema: { tags: ['plan'], body: GetPlansInputSchema, response: { 200: detailOf(PlanListSchema) } } },
    async (request) => ({
      detail: await service.getPlans(request.body),
    }),
  );
  app.post(
    '/planListing',
    {
      schema: {
        tags: ['plan'],
        body: PlanListingInputSchema,
        response: { 200: detailOf(z.object({ items: z.array(PlanSchema) })) },
      },
    },
    async (request) => ({
      detail: await service.planListing(callerOf(request), request.body.plCompanyId),
    }),
  );
  app.post(
    '/getPlanDetail',
    { schema: { tags: ['plan'], body: PlanDetailInputSchema, response: { 200: detailOf(PlanSchema) } } },
    async (request) => ({
      detail: await service.getPlanDetail(callerOf(request), request.body.plCompanyId, request.body.plPlanId),
    }),
  );
  app.post(
    '/featureListing',
    {
      schema: {
        tags: ['plan'],
        response: {
          200: detailOf(
            z.object({
              items: z.array(
                z.object({
                  plFeatureId: IntSchema,
                  key: TextSchema,
                  name: TextSchema,
                  featureType: z.enum(['NUMBER', 'BOOLEAN']),
                  available: z.boolean(),
                  priority: IntSchema,
                  isMenuSetting: z.boolean(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async () => ({
      detail: { items: await service.featureListing() },
    }),
  );
  app.post(
    '/updatePlan',
    {
      schema: {
        tags: ['plan'],
        body: UpdatePlanInputSchema,
        response: { 200: detailOf(z.object({ plans: z.array(PlanSchema) })) },
      },
    },
    async (request) => ({
      detail: await service.updatePlan(callerOf(request), request.body),
    }),
  );
};

/** /api/subscription */
export const subscriptionRoutes: FastifyPluginAsyncZod<
  Options & {
    jobs: JobQueue;
    renewJob: JobDefinition<Record<string, never>>;
    /** Outside production only: the super admin's endCurrentPeriod control for browser journeys. */
    testControls: boolean;
  }
> = async (app, { service, jobs, renewJob, testControls }) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/companySubscriptionListing',
    {
      schema: {
        tags: ['subscription'],
        body: CompanyIdBodySchema,
        response: { 200: detailOf(CompanySubscriptionListingSchema) },
      },
    },
    async (request) => ({
      detail: await service.companySubscriptionListing(callerOf(request), request.body.plCompanyId),
    }),
  );
  app.post(
    '/startSubscription',
    {
      schema: {
        tags: ['subscription'],
        body: StartSubscriptionInputSchema,
        response: { 200: detailOf(CompanySubscriptionSchema) },
      },
    },
    async (request) => ({
      detail: await service.startSubscription(callerOf(request), request.body, idempotencyKeyOf(request)),
    }),
  );
  app.post(
    '/updateCompanySubscription',
    {
      schema: {
        tags: ['subscription'],
        body: UpdateCompanySubscriptionInputSchema,
        response: { 200: detailOf(CompanySubscriptionSchema) },
      },
    },
    async (request) => ({
      detail: await service.updateCompanySubscription(
        callerOf(request),
        request.body,
        idempotencyKeyOf(request),
      ),
    }),
  );
  app.post(
    '/cancelSubscription',
    {
      schema: {
        tags: ['subscription'],
        body: CompanyIdBodySchema,
        response: { 200: detailOf(CompanySubscriptionSchema) },
      },
    },
    async (request) => ({
      detail: await service.cancelSubscription(callerOf(request), request.body.plCompanyId),
    }),
  );
  route(app, previewSubscription, ({ auth, input }) => service.previewSubscription(auth, input));
  route(app, resumeSubscription, ({ auth, input }) => service.resumeSubscription(auth, input.plCompanyId));
  app.post(
    '/featureAccess',
    {
      schema: {
        tags: ['subscription'],
        body: FeatureAccessInputSchema,
        response: { 200: detailOf(z.object({ status: z.enum(['NORMAL', 'NON_INTERACTABLE', 'HIDDEN']) })) },
      },
    },
    async (request) => ({
      detail: {
        status: await service.featureAccess(
          callerOf(request),
          request.body.plCompanyId,
          request.body.featureKey,
          request.body.usage,
        ),
      },
    }),
  );
  /** A gated action's guard as an endpoint: 402 PLAN_LIMIT_REACHED unless the plan allows the feature. */
  app.post(
    '/requireFeature',
    { schema: { tags: ['subscription'], body: FeatureAccessInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      await service.assertFeature(
        callerOf(request),
        request.body.plCompanyId,
        request.body.featureKey,
        request.body.usage,
      );
      return { detail: { ok: true as const } };
    },
  );
  app.post(
    '/getPromoDiscount',
    {
      schema: {
        tags: ['promo'],
        body: PromoDiscountInputSchema,
        response: { 200: detailOf(PromoDiscountSchema) },
      },
    },
    async (request) => ({
      detail: await service.getPromoDiscount(callerOf(request), request.body),
    }),
  );
  app.post(
    '/applyPromoCode',
    {
      schema: {
        tags: ['promo'],
        body: ApplyPromoInputSchema,
        response: { 200: detailOf(z.object({ promoCode: TextSchema })) },
      },
    },
    async (request) => ({
      detail: await service.applyPromoCode(callerOf(request), request.body),
    }),
  );
  app.post(
    '/cancelPromoCode',
    { schema: { tags: ['promo'], body: CompanyIdBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await service.cancelPromoCode(callerOf(request), request.body.plCompanyId);
      return { detail: { ok: true as const } };
    },
  );
  app.post(
    '/promoListing',
    {
      schema: { tags: ['promo'], body: PaginationOptionSchema, response: { 200: detailOf(PromoListSchema) } },
    },
    async (request) => ({
      detail: await service.promoListing(callerOf(request), request.body),
    }),
  );
  app.post(
    '/promoDetail',
    { schema: { tags: ['promo'], body: PromoDetailInputSchema, response: { 200: detailOf(PromoSchema) } } },
    async (request) => ({
      detail: await service.promoDetail(request.body.promoCode),
    }),
  );
  app.post(
    '/upsertPromo',
    { schema: { tags: ['promo'], body: UpsertPromoInputSchema, response: { 200: detailOf(PromoSchema) } } },
    async (request) => ({
      detail: await service.upsertPromo(callerOf(request), request.body),
    }),
  );
  /** Super admin: run the renewal job now instead of waiting for its schedule. */
  app.post(
    '/runRenewals',
    { schema: { tags: ['subscription'], response: { 200: OkSchema } } },
    async (request) => {
      if (!callerOf(request).isSuperAdmin)
        throw new AppError('FORBIDDEN', 'You do not have permission to do this');
      await jobs.enqueue(renewJob, {}, { singletonKey: 'renew-now' });
      return { detail: { ok: true as const } };
    },
  );
  if (testControls) {
    /**
     * Super admin, never in production: ends a company's current period now and settles the renewal
     * at once (a failing card leads to PAYMENT_FAILED), as the clock of the API tests does.
     */
    app.post(
      '/endCurrentPeriod',
      {
        schema: {
          tags: ['subscription'],
          body: CompanyIdBodySchema,
          response: { 200: detailOf(CompanySubscriptionSchema) },
        },
      },
      async (request) => ({
        detail: await service.endCurrentPeriodNow(callerOf(request), request.body.plCompanyId),
      }),
    );
  }
};

/** Payment method calls live under /api/company (spec 3 §7). */
export const companyPaymentRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/getCompanyPaymentMethod',
    {
      schema: {
        tags: ['company'],
        body: CompanyIdBodySchema,
        response: { 200: detailOf(z.object({ companyPaymentMethod: PaymentMethodSchema.nullable() })) },
      },
    },
    async (request) => ({
      detail: {
        companyPaymentMethod: await service.getCompanyPaymentMethod(
          callerOf(request),
          request.body.plCompanyId,
        ),
      },
    }),
  );
  app.post(
    '/updateCompanyPaymentMethod',
    {
      preValidation: async (request) => refuseRawCardData(request),
      schema: {
        tags: ['company'],
        body: UpdatePaymentMethodInputSchema,
        response: {
          200: detailOf(
            z.object({
              brand: TextSchema,
              last4: TextSchema,
              expMonth: IntSchema,
              expYear: IntSchema,
              subscriptionStatus: SubscriptionStatusSchema.nullable(),
            }),
          ),
        },
      },
    },
    async (request) => ({
      detail: await service.updateCompanyPaymentMethod(callerOf(request), request.body),
    }),
  );
};

/** /api/transaction */
export const transactionRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/transactionListing',
    {
      schema: {
        tags: ['transaction'],
        body: TransactionListingInputSchema,
        response: { 200: detailOf(TransactionListSchema) },
      },
    },
    async (request) => ({
      detail: await service.transactionListing(callerOf(request), request.body),
    }),
  );
  app.post(
    '/refund',
    {
      schema: {
        tags: ['transaction'],
        body: RefundInputSchema,
        response: { 200: detailOf(TransactionSchema) },
      },
    },
    async (request) => ({
      detail: await service.refund(callerOf(request), request.body),
    }),
  );
};

export const SANDBOX_TOKEN_RATE_LIMIT_MESSAGE = 'Too many card attempts. Please wait a minute and try again.';

/**
 * The sandbox gateway's tokenisation endpoint, called by the browser (hosted-fields style). It is
 * the processor's side of the line: its body is never logged (see REDACT_PATHS) nor stored.
 * Unauthenticated by design, so it is limited per client address: an open tokeniser is how stolen
 * card numbers get tested, as processors' own endpoints are limited for the same reason.
 */
export const sandboxGatewayRoutes: FastifyPluginAsyncZod<{
  gateway: SandboxGateway;
  /** Tokenisations one client address may ask for per minute (SANDBOX_TOKENS_PER_MINUTE). */
  tokensPerMinute: number;
}> = async (app, { gateway, tokensPerMinute }) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', SANDBOX_TOKEN_RATE_LIMIT_MESSAGE),
  });
  app.post(
    '/tokens',
    {
      config: { rateLimit: { max: tokensPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['sandbox-gateway'],
        body: SandboxTokenInputSchema,
        response: { 200: CardTokenSchema, 402: ApiErrorBodySchema, 429: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await gateway.tokenize(request.body);
      if (!result.ok)
        return reply.code(402).send({ messages: result.messages, code: 'PAYMENT_FAILED' as const });
      const { ok: _ok, ...token } = result;
      return token;
    },
  );
};
