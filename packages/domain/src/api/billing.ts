import { z } from 'zod';
import {
  CardTokenSchema,
  PaymentMethodSchema,
  SandboxTokenInputSchema,
  UpdatePaymentMethodInputSchema,
} from '../schemas/card.ts';
import {
  ApplyPromoInputSchema,
  CompanyIdBodySchema,
  CompanySubscriptionListingSchema,
  CompanySubscriptionSchema,
  FeatureAccessInputSchema,
  FeatureSchema,
  FinancialListingInputSchema,
  FinancialListingSchema,
  GetPlansInputSchema,
  GetPlansQuerySchema,
  PlanDetailInputSchema,
  PlanIdQuerySchema,
  PlanListingInputSchema,
  PlanListSchema,
  PlanSchema,
  PreviewSubscriptionInputSchema,
  PromoDetailInputSchema,
  PromoDiscountInputSchema,
  PromoDiscountSchema,
  PromoListSchema,
  PromoSchema,
  RefundInputSchema,
  StartSubscriptionInputSchema,
  SubscriptionPreviewSchema,
  SubscriptionStatusSchema,
  TransactionListingInputSchema,
  TransactionListSchema,
  TransactionSchema,
  UpdateCompanySubscriptionInputSchema,
  UpdatePlanInputSchema,
  UpsertPromoInputSchema,
} from '../schemas/billing.ts';
import { IdSchema, IntSchema, NoInputSchema, PaginationOptionSchema, TextSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Plans, subscriptions, promo codes, the company's card, payments and the sandbox gateway (spec 3 §7
 * "Subscriptions and payments" and "Plans, promos, subscriptions"). Every call is POST under
 * `/api/<area>/<action>`, with its data under `detail`, except the gateway's tokenisation.
 */
const OkSchema = z.object({ ok: z.literal(true) });
const PROMO_REFUSALS = ['INVALID_PROMO_CODE', 'MAX_USAGE_PROMO_CODE'] as const;

// ---- /api/plan ----

export const getPlans = endpoint({
  method: 'POST',
  path: '/api/plan/getPlans',
  input: GetPlansInputSchema,
  output: PlanListSchema,
  access: 'user',
  tag: 'plan',
  summary: 'The plans offered in a region',
  description:
    'The active plans of a region (US, CA) with prices, trial, payment options and the features each includes, as the paywall and the subscription page list them.',
});

/** getPlans as spec 3 §7 also writes it, with the filters in the query string. */
export const getPlansByQuery = endpoint({
  method: 'GET',
  path: '/api/plan',
  input: GetPlansQuerySchema,
  output: PlanListSchema,
  access: 'user',
  tag: 'plan',
  summary: 'The plans offered in a region (filters in the query string)',
  description: `${getPlans.description} The filters and paging of getPlans, in the query string.`,
});

/** One plan by id (spec 3 §7 `GET /api/plan/{id}`): getPlanDetail without a company. */
export const getPlanById = endpoint({
  method: 'GET',
  path: '/api/plan/{id}',
  input: PlanIdQuerySchema,
  output: PlanSchema,
  access: 'user',
  tag: 'plan',
  summary: 'One plan by id',
  description:
    'A plan with its prices and features, as getPlanDetail answers it; a withdrawn (INACTIVE) plan is NOT_FOUND except to a super admin.',
});

export const planListing = endpoint({
  method: 'POST',
  path: '/api/plan/planListing',
  input: PlanListingInputSchema,
  output: z.object({ items: z.array(PlanSchema) }),
  access: 'user',
  tag: 'plan',
  summary: 'The plans a company may choose',
  description:
    'The plans offered to a company the caller belongs to, including those made available to that company only.',
});

export const getPlanDetail = endpoint({
  method: 'POST',
  path: '/api/plan/getPlanDetail',
  input: PlanDetailInputSchema,
  output: PlanSchema,
  access: 'user',
  tag: 'plan',
  summary: 'One plan as a company sees it',
  description:
    'A plan with its prices and features for a company the caller belongs to; a plan not offered to that company is NOT_FOUND.',
});

export { FeatureSchema };

export const featureListing = endpoint({
  method: 'POST',
  path: '/api/plan/featureListing',
  input: NoInputSchema,
  output: z.object({ items: z.array(FeatureSchema) }),
  access: 'user',
  tag: 'plan',
  summary: 'Every feature a plan can include',
  description:
    'The features (boolean or numeric thresholds) that plans grant, in menu order, for the plan editor.',
});

export const updatePlan = endpoint({
  method: 'POST',
  path: '/api/plan/updatePlan',
  input: UpdatePlanInputSchema,
  output: z.object({ plans: z.array(PlanSchema) }),
  access: 'user',
  tag: 'plan',
  summary: 'Change a plan’s prices, features and availability (super admin)',
  description:
    'Updates a plan: monthly and annual prices, promo prices, trial, payment options, features and thresholds. With a plCompanyId other than 0 the plans saved are also offered to that company (its metadata.availablePlans, beside those it had; an unknown company is NOT_FOUND and nothing is saved). Super admins only; existing subscriptions keep their price until they renew.',
});

export const resetCompanyPlans = endpoint({
  method: 'POST',
  path: '/api/plan/resetCompanyPlans',
  input: z.object({ plCompanyIds: z.array(IdSchema).min(1).max(1000) }),
  output: OkSchema,
  access: 'user',
  tag: 'plan',
  summary: 'Put companies back on the default plans (super admin)',
  description:
    'Empties the plans each company was offered by updatePlan (metadata.availablePlans), so it sees and may buy the active plans of its region again. Subscriptions are untouched. Super admins only; an id that names no company is NOT_FOUND and no company is reset.',
});

// ---- /api/subscription ----

export const companySubscriptionListing = endpoint({
  method: 'POST',
  path: '/api/subscription/companySubscriptionListing',
  input: CompanyIdBodySchema,
  output: CompanySubscriptionListingSchema,
  access: 'user',
  tag: 'subscription',
  summary: "A company's subscriptions and feature access",
  description:
    "The company's subscriptions (current first) with status, period, price and auto-renew, the plans it may switch to, its feature access and the applied promo code.",
});

/** Charges take an optional Idempotency-Key header: a retried request charges once. */
export const startSubscription = endpoint({
  method: 'POST',
  path: '/api/subscription/startSubscription',
  input: StartSubscriptionInputSchema,
  output: CompanySubscriptionSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Subscribe a company to a plan',
  description:
    'Starts a plan for the company (owners and admins) with its saved card: the trial if the plan has one, else the price after the promo charged now. Concurrent starts are CONFLICT (one charge only); a declined card is PAYMENT_FAILED and nothing starts.',
  errors: ['CONFLICT', 'PAYMENT_FAILED', ...PROMO_REFUSALS],
});

export const updateCompanySubscription = endpoint({
  method: 'POST',
  path: '/api/subscription/updateCompanySubscription',
  input: UpdateCompanySubscriptionInputSchema,
  output: CompanySubscriptionSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Switch plan or payment frequency',
  description:
    "Switches the company's plan or frequency, charging the amount previewSubscription quoted (credit for the unused period deducted) within 15 minutes of the quote, or turns auto-renew on or off (autoRenew; the plan and frequency may then be left out): off cancels at the end of the paid period, on resumes. Concurrent switches are CONFLICT; a declined card is PAYMENT_FAILED and the subscription stays as it was.",
  errors: ['CONFLICT', 'PAYMENT_FAILED', ...PROMO_REFUSALS],
});

export const cancelSubscription = endpoint({
  method: 'POST',
  path: '/api/subscription/cancelSubscription',
  input: CompanyIdBodySchema,
  output: CompanySubscriptionSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Cancel at the end of the paid period',
  description:
    'Turns auto-renew off: the subscription runs to the end of its paid period or trial and then ends (resumeSubscription turns it back on). Owners and admins of the company.',
  errors: ['CONFLICT'],
});

/**
 * What confirming a plan would charge, before any charge (issue 19): a start (the promo price now, or
 * nothing during a trial) or a switch (the credit for the unused period, the amount now, the next
 * renewal). The charge is computed by the same rule (quoteStart, quoteSwitch), so the two agree.
 */
export const previewSubscription = endpoint({
  method: 'POST',
  path: '/api/subscription/previewSubscription',
  input: PreviewSubscriptionInputSchema,
  output: SubscriptionPreviewSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Preview what starting or switching a plan charges now and at the next renewal',
  description:
    'Quotes a start or a switch for a company the caller manages, without charging: the price after the promo, the credit for the unused period, the amount charged now, and the next renewal date and amount. The charge uses the same rule, so confirming charges what the preview showed.',
});

/** Turns auto-renew back on after a cancel, while the paid period (or trial) still runs. */
export const resumeSubscription = endpoint({
  method: 'POST',
  path: '/api/subscription/resumeSubscription',
  input: CompanyIdBodySchema,
  output: CompanySubscriptionSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Resume a canceled subscription (auto-renew on) without switching plan',
  description:
    'Turns auto-renew back on for the company’s canceled subscription while its paid period or trial still runs, keeping the plan and frequency; nothing is charged until the renewal. A subscription that has already ended is CONFLICT.',
  errors: ['CONFLICT'],
});

export const featureAccess = endpoint({
  method: 'POST',
  path: '/api/subscription/featureAccess',
  input: FeatureAccessInputSchema,
  output: z.object({ status: z.enum(['NORMAL', 'NON_INTERACTABLE', 'HIDDEN']) }),
  access: 'user',
  tag: 'subscription',
  summary: "Whether a company's plan grants a feature",
  description:
    'Answers NORMAL, NON_INTERACTABLE or HIDDEN for a feature key and the company, as menus and pages gate themselves; super admins see every feature.',
});

/** A gated action's guard as an endpoint: 402 PLAN_LIMIT_REACHED unless the plan allows the feature. */
export const requireFeature = endpoint({
  method: 'POST',
  path: '/api/subscription/requireFeature',
  input: FeatureAccessInputSchema,
  output: OkSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Refuse unless the plan grants a feature',
  description:
    "The server-side gate: answers ok when the company's plan grants the feature, else PLAN_LIMIT_REACHED with the upgrade reason.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const getPromoDiscount = endpoint({
  method: 'POST',
  path: '/api/subscription/getPromoDiscount',
  input: PromoDiscountInputSchema,
  output: PromoDiscountSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'What a promo code takes off a plan',
  description:
    'The discount a promo code gives on a plan and frequency for the company, before it is applied. An unknown or expired code is INVALID_PROMO_CODE; one used up is MAX_USAGE_PROMO_CODE.',
  errors: PROMO_REFUSALS,
});

export const applyPromoCode = endpoint({
  method: 'POST',
  path: '/api/subscription/applyPromoCode',
  input: ApplyPromoInputSchema,
  output: z.object({ promoCode: TextSchema }),
  access: 'user',
  tag: 'subscription',
  summary: 'Apply a promo code to the company',
  description:
    "Keeps the promo code for the company's next start or renewal (owners and admins). Refused codes as for getPromoDiscount.",
  errors: PROMO_REFUSALS,
});

export const cancelPromoCode = endpoint({
  method: 'POST',
  path: '/api/subscription/cancelPromoCode',
  input: CompanyIdBodySchema,
  output: OkSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Remove the applied promo code',
  description: "Removes the company's applied promo code before it is used.",
});

export const promoListing = endpoint({
  method: 'POST',
  path: '/api/subscription/promoListing',
  input: PaginationOptionSchema,
  output: PromoListSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Promo codes (super admin)',
  description:
    'Every promo code with its discount, dates, status and uses, for the billing console. Super admins only.',
});

export const promoDetail = endpoint({
  method: 'POST',
  path: '/api/subscription/promoDetail',
  input: PromoDetailInputSchema,
  output: PromoSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'One promo code',
  description:
    'A usable promo code with its plans, dates, limits and uses, for the promo dialog (spec 2 §7 getPromoDetail; the code as promoCode or code). Any signed-in user; an unknown, inactive or out-of-date code is INVALID_PROMO_CODE, a used-up one MAX_USAGE_PROMO_CODE.',
  errors: [...PROMO_REFUSALS],
});

export const upsertPromo = endpoint({
  method: 'POST',
  path: '/api/subscription/upsertPromo',
  input: UpsertPromoInputSchema,
  output: PromoSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Create or change a promo code (super admin)',
  description:
    'Creates a promo code or changes its discount, plans, dates, usage limit and status. A code already in use is CONFLICT. Super admins only.',
  errors: ['CONFLICT'],
});

export const runRenewals = endpoint({
  method: 'POST',
  path: '/api/subscription/runRenewals',
  input: NoInputSchema,
  output: OkSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Run the renewal job now (super admin)',
  description:
    'Queues the renewal job at once instead of waiting for its hourly schedule; each due subscription is charged once however often this is called. Super admins only.',
});

/** Never mounted in production (NODE_ENV): the browser journeys' stand-in for the API tests' clock. */
export const endCurrentPeriod = endpoint({
  method: 'POST',
  path: '/api/subscription/endCurrentPeriod',
  input: CompanyIdBodySchema,
  output: CompanySubscriptionSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'End a company’s period now (test servers only)',
  description:
    "Ends the company's current period and settles the renewal at once, as the test clock does; never mounted in production. Super admins only. A declined card is PAYMENT_FAILED.",
  errors: ['PAYMENT_FAILED'],
});

export const financialListing = endpoint({
  method: 'POST',
  path: '/api/subscription/financialListing',
  input: FinancialListingInputSchema,
  output: FinancialListingSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Payments summed by month (super admin)',
  description:
    'For each calendar month (UTC) of the range, oldest first: the successful charges and their count, the part of them refunded since, what remains, and the declined charges; of one company or (plCompanyId 0) of all. Super admins only (FORBIDDEN otherwise).',
});

// ---- /api/company (payment method) ----

export const getCompanyPaymentMethod = endpoint({
  method: 'POST',
  path: '/api/company/getCompanyPaymentMethod',
  input: CompanyIdBodySchema,
  output: z.object({ companyPaymentMethod: PaymentMethodSchema.nullable() }),
  access: 'user',
  tag: 'company',
  summary: "The company's saved card",
  description:
    "The brand, last four digits and expiry of the company's card, never more; null when none is saved.",
});

export const updateCompanyPaymentMethod = endpoint({
  method: 'POST',
  path: '/api/company/updateCompanyPaymentMethod',
  input: UpdatePaymentMethodInputSchema,
  output: z.object({
    brand: TextSchema,
    last4: TextSchema,
    expMonth: IntSchema,
    expYear: IntSchema,
    subscriptionStatus: SubscriptionStatusSchema.nullable(),
  }),
  access: 'user',
  tag: 'company',
  summary: 'Save a card for the company',
  description:
    'Saves a card tokenised by the payment gateway (never raw card numbers: those are refused before validation) with its billing address; a subscription waiting on a failed payment is retried with it at once. A declined card is PAYMENT_FAILED.',
  errors: ['PAYMENT_FAILED'],
});

// ---- /api/transaction ----

export const transactionListing = endpoint({
  method: 'POST',
  path: '/api/transaction/transactionListing',
  input: TransactionListingInputSchema,
  output: TransactionListSchema,
  access: 'user',
  tag: 'transaction',
  summary: "A company's payments and refunds",
  description:
    "Charges, refunds and failures with date, company, description, amount, card last four and status, newest first, filtered by status, period (first and last day) and a search of the company name or description. Owners and admins see their company's; plCompanyId 0 (every company) is for super admins only.",
});

export const refund = endpoint({
  method: 'POST',
  path: '/api/transaction/refund',
  input: RefundInputSchema,
  output: TransactionSchema,
  access: 'user',
  tag: 'transaction',
  summary: 'Refund a payment (super admin)',
  description:
    'Refunds a successful charge in full or in part through the gateway; refunds of one payment run one at a time, so two at once refund once. More than is left to refund (anything, once the charge is refunded in full) is VALIDATION_FAILED (“The refund is larger than what remains of the payment”); an amount in fractions of a cent is VALIDATION_FAILED (“Use at most two decimals (whole cents)”), never rounded; a declined charge is CONFLICT. Super admins only.',
  errors: ['CONFLICT', 'PAYMENT_FAILED'],
});

// ---- the sandbox gateway (the processor's side) ----

/**
 * The sandbox gateway's tokenisation, called by the browser (hosted-fields style): outside `/api`,
 * public, and answering the token itself rather than `{ detail }`, as a processor's endpoint does.
 */
export const sandboxTokens = endpoint({
  method: 'POST',
  path: '/sandbox-gateway/tokens',
  input: SandboxTokenInputSchema,
  output: CardTokenSchema,
  access: 'public',
  bare: true,
  tag: 'sandbox-gateway',
  summary: 'Tokenise a card (sandbox gateway)',
  description:
    "The built-in sandbox payment gateway: turns card data into a token that stands for the card, as a processor's hosted fields would, so the app never receives a card number. Test card numbers decide the outcome (PAYMENT_FAILED); limited per address per minute (RATE_LIMITED).",
  errors: ['PAYMENT_FAILED', 'RATE_LIMITED'],
});
