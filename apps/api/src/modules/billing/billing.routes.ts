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
import { documented, errorResponses, route } from '../../lib/route.ts';
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
    {
      schema: {
        ...documented({
          tag: 'plan',
          summary: 'The plans offered in a region',
          description:
            'The active plans of a region (US, CA) with prices, trial, payment options and the features each includes, as the paywall and the subscription page list them.',
          access: 'user',
        }),
        body: GetPlansInputSchema,
        response: { 200: detailOf(PlanListSchema), ...errorResponses('user') },
      },
    },
    async (request) => ({
      detail: await service.getPlans(request.body),
    }),
  );
  app.post(
    '/planListing',
    {
      schema: {
        ...documented({
          tag: 'plan',
          summary: 'The plans a company may choose',
          description:
            'The plans offered to a company the caller belongs to, including those made available to that company only.',
          access: 'user',
        }),
        body: PlanListingInputSchema,
        response: { 200: detailOf(z.object({ items: z.array(PlanSchema) })), ...errorResponses('user') },
      },
    },
    async (request) => ({
      detail: await service.planListing(callerOf(request), request.body.plCompanyId),
    }),
  );
  app.post(
    '/getPlanDetail',
    {
      schema: {
        ...documented({
          tag: 'plan',
          summary: 'One plan as a company sees it',
          description:
            'A plan with its prices and features for a company the caller belongs to; a plan not offered to that company is NOT_FOUND.',
          access: 'user',
        }),
        body: PlanDetailInputSchema,
        response: { 200: detailOf(PlanSchema), ...errorResponses('user') },
      },
    },
    async (request) => ({
      detail: await service.getPlanDetail(callerOf(request), request.body.plCompanyId, request.body.plPlanId),
    }),
  );
  app.post(
    '/featureListing',
    {
      schema: {
        ...documented({
          tag: 'plan',
          summary: 'Every feature a plan can include',
          description:
            'The features (boolean or numeric thresholds) that plans grant, in menu order, for the plan editor.',
          access: 'user',
        }),
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
          ...errorResponses('user'),
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
        ...documented({
          tag: 'plan',
          summary: 'Change a plan’s prices, features and availability (super admin)',
          description:
            'Updates a plan: monthly and annual prices, promo prices, trial, payment options, features and thresholds, and which companies it is offered to. Super admins only; existing subscriptions keep their price until they renew.',
          access: 'user',
        }),
        body: UpdatePlanInputSchema,
        response: { 200: detailOf(z.object({ plans: z.array(PlanSchema) })), ...errorResponses('user') },
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
        ...documented({
          tag: 'subscription',
          summary: "A company's subscriptions and feature access",
          description:
            "The company's subscriptions (current first) with status, period, price and auto-renew, the plans it may switch to, its feature access and the applied promo code.",
          access: 'user',
        }),
        body: CompanyIdBodySchema,
        response: { 200: detailOf(CompanySubscriptionListingSchema), ...errorResponses('user') },
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
        ...documented({
          tag: 'subscription',
          summary: 'Subscribe a company to a plan',
          description:
            'Starts a plan for the company (owners and admins) with its saved card: the trial if the plan has one, else the price after the promo charged now. Concurrent starts are CONFLICT (one charge only); a declined card is PAYMENT_FAILED and nothing starts.',
          access: 'user',
        }),
        body: StartSubscriptionInputSchema,
        response: {
          200: detailOf(CompanySubscriptionSchema),
          ...errorResponses('user', [
            'CONFLICT',
            'PAYMENT_FAILED',
            'INVALID_PROMO_CODE',
            'MAX_USAGE_PROMO_CODE',
          ]),
        },
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
        ...documented({
          tag: 'subscription',
          summary: 'Switch plan or payment frequency',
          description:
            "Switches the company's plan or frequency, charging the amount previewSubscription quoted (credit for the unused period deducted) within 15 minutes of the quote, or turns auto-renew on or off. Concurrent switches are CONFLICT; a declined card is PAYMENT_FAILED and the subscription stays as it was.",
          access: 'user',
        }),
        body: UpdateCompanySubscriptionInputSchema,
        response: {
          200: detailOf(CompanySubscriptionSchema),
          ...errorResponses('user', [
            'CONFLICT',
            'PAYMENT_FAILED',
            'INVALID_PROMO_CODE',
            'MAX_USAGE_PROMO_CODE',
          ]),
        },
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
        ...documented({
          tag: 'subscription',
          summary: 'Cancel at the end of the paid period',
          description:
            'Turns auto-renew off: the subscription runs to the end of its paid period or trial and then ends (resumeSubscription turns it back on). Owners and admins of the company.',
          access: 'user',
        }),
        body: CompanyIdBodySchema,
        response: { 200: detailOf(CompanySubscriptionSchema), ...errorResponses('user', ['CONFLICT']) },
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
        ...documented({
          tag: 'subscription',
          summary: "Whether a company's plan grants a feature",
          description:
            'Answers NORMAL, DISABLED or HIDDEN for a feature key and the company, as menus and pages gate themselves; super admins see every feature.',
          access: 'user',
        }),
        body: FeatureAccessInputSchema,
        response: {
          200: detailOf(z.object({ status: z.enum(['NORMAL', 'NON_INTERACTABLE', 'HIDDEN']) })),
          ...errorResponses('user'),
        },
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
    {
      schema: {
        ...documented({
          tag: 'subscription',
          summary: 'Refuse unless the plan grants a feature',
          description:
            "The server-side gate: answers ok when the company's plan grants the feature, else PLAN_LIMIT_REACHED with the upgrade reason.",
          access: 'user',
        }),
        body: FeatureAccessInputSchema,
        response: { 200: OkSchema, ...errorResponses('user', ['PLAN_LIMIT_REACHED']) },
      },
    },
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
        ...documented({
          tag: 'subscription',
          summary: 'What a promo code takes off a plan',
          description:
            'The discount a promo code gives on a plan and frequency for the company, before it is applied. An unknown or expired code is INVALID_PROMO_CODE; one used up is MAX_USAGE_PROMO_CODE.',
          access: 'user',
        }),
        body: PromoDiscountInputSchema,
        response: {
          200: detailOf(PromoDiscountSchema),
          ...errorResponses('user', ['INVALID_PROMO_CODE', 'MAX_USAGE_PROMO_CODE']),
        },
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
        ...documented({
          tag: 'subscription',
          summary: 'Apply a promo code to the company',
          description:
            "Keeps the promo code for the company's next start or renewal (owners and admins). Refused codes as for getPromoDiscount.",
          access: 'user',
        }),
        body: ApplyPromoInputSchema,
        response: {
          200: detailOf(z.object({ promoCode: TextSchema })),
          ...errorResponses('user', ['INVALID_PROMO_CODE', 'MAX_USAGE_PROMO_CODE']),
        },
      },
    },
    async (request) => ({
      detail: await service.applyPromoCode(callerOf(request), request.body),
    }),
  );
  app.post(
    '/cancelPromoCode',
    {
      schema: {
        ...documented({
          tag: 'subscription',
          summary: 'Remove the applied promo code',
          description: "Removes the company's applied promo code before it is used.",
          access: 'user',
        }),
        body: CompanyIdBodySchema,
        response: { 200: OkSchema, ...errorResponses('user') },
      },
    },
    async (request) => {
      await service.cancelPromoCode(callerOf(request), request.body.plCompanyId);
      return { detail: { ok: true as const } };
    },
  );
  app.post(
    '/promoListing',
    {
      schema: {
        ...documented({
          tag: 'subscription',
          summary: 'Promo codes (super admin)',
          description:
            'Every promo code with its discount, dates, status and uses, for the billing console. Super admins only.',
          access: 'user',
        }),
        body: PaginationOptionSchema,
        response: { 200: detailOf(PromoListSchema), ...errorResponses('user') },
      },
    },
    async (request) => ({
      detail: await service.promoListing(callerOf(request), request.body),
    }),
  );
  app.post(
    '/promoDetail',
    {
      schema: {
        ...documented({
          tag: 'subscription',
          summary: 'One promo code (super admin)',
          description: 'A promo code with its plans, dates, limits and uses. Super admins only.',
          access: 'user',
        }),
        body: PromoDetailInputSchema,
        response: { 200: detailOf(PromoSchema), ...errorResponses('user') },
      },
    },
    async (request) => ({
      detail: await service.promoDetail(request.body.promoCode),
    }),
  );
  app.post(
    '/upsertPromo',
    {
      schema: {
        ...documented({
          tag: 'subscription',
          summary: 'Create or change a promo code (super admin)',
          description:
            'Creates a promo code or changes its discount, plans, dates, usage limit and status. A code already in use is CONFLICT. Super admins only.',
          access: 'user',
        }),
        body: UpsertPromoInputSchema,
        response: { 200: detailOf(PromoSchema), ...errorResponses('user', ['CONFLICT']) },
      },
    },
    async (request) => ({
      detail: await service.upsertPromo(callerOf(request), request.body),
    }),
  );
  /** Super admin: run the renewal job now instead of waiting for its schedule. */
  app.post(
    '/runRenewals',
    {
      schema: {
        ...documented({
          tag: 'subscription',
          summary: 'Run the renewal job now (super admin)',
          description:
            'Queues the renewal job at once instead of waiting for its hourly schedule; each due subscription is charged once however often this is called. Super admins only.',
          access: 'user',
        }),
        response: { 200: OkSchema, ...errorResponses('user') },
      },
    },
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
          ...documented({
            tag: 'subscription',
            summary: 'End a company’s period now (test servers only)',
            description:
              "Ends the company's current period and settles the renewal at once, as the test clock does; never mounted in production. A declined card is PAYMENT_FAILED.",
            access: 'user',
          }),
          body: CompanyIdBodySchema,
          response: {
            200: detailOf(CompanySubscriptionSchema),
            ...errorResponses('user', ['PAYMENT_FAILED']),
          },
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
        ...documented({
          tag: 'company',
          summary: "The company's saved card",
          description:
            "The brand, last four digits and expiry of the company's card, never more; null when none is saved.",
          access: 'user',
        }),
        body: CompanyIdBodySchema,
        response: {
          200: detailOf(z.object({ companyPaymentMethod: PaymentMethodSchema.nullable() })),
          ...errorResponses('user'),
        },
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
        ...documented({
          tag: 'company',
          summary: 'Save a card for the company',
          description:
            'Saves a card tokenised by the payment gateway (never raw card numbers: those are refused before validation) with its billing address; a subscription waiting on a failed payment is retried with it at once. A declined card is PAYMENT_FAILED.',
          access: 'user',
        }),
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
          ...errorResponses('user', ['PAYMENT_FAILED']),
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
        ...documented({
          tag: 'transaction',
          summary: "A company's payments and refunds",
          description:
            "Charges, refunds and failures with date, description, amount, card last four and status, newest first, filtered by period; a super admin sees every company's.",
          access: 'user',
        }),
        body: TransactionListingInputSchema,
        response: { 200: detailOf(TransactionListSchema), ...errorResponses('user') },
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
        ...documented({
          tag: 'transaction',
          summary: 'Refund a payment (super admin)',
          description:
            'Refunds a successful charge in full or in part through the gateway; more than is left to refund, or a refunded charge, is CONFLICT. Super admins only.',
          access: 'user',
        }),
        body: RefundInputSchema,
        response: {
          200: detailOf(TransactionSchema),
          ...errorResponses('user', ['CONFLICT', 'PAYMENT_FAILED']),
        },
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
        ...documented({
          tag: 'sandbox-gateway',
          summary: 'Tokenise a card (sandbox gateway)',
          description:
            "The built-in sandbox payment gateway: turns card data into a one-use token, as a processor's hosted fields would, so the app never receives a card number. Test card numbers decide the outcome; limited per address per minute (RATE_LIMITED).",
          access: 'public',
        }),
        body: SandboxTokenInputSchema,
        response: {
          200: CardTokenSchema,
          402: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
          ...errorResponses('public', ['PAYMENT_FAILED', 'RATE_LIMITED']),
        },
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
