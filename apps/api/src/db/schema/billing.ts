// Billing: plans, features, promos, subscriptions, payments and the sandbox gateway.
// Money is integer cents; the API speaks dollars. No card number or CVV has a column anywhere.

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, ownerRef, ownerKey, companyOwned } from './columns.ts';
import { companies } from './companies.ts';

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    region: text('region', { enum: ['US', 'CA'] })
      .notNull()
      .default('US'),
    priority: integer('priority').notNull().default(0),
    monthlyFeeCents: integer('monthly_fee_cents').notNull(),
    annualFeeCents: integer('annual_fee_cents').notNull(),
    promoMonthlyFeeCents: integer('promo_monthly_fee_cents'),
    promoAnnualFeeCents: integer('promo_annual_fee_cents'),
    enableCcPaymentMonthly: boolean('enable_cc_payment_monthly').notNull().default(true),
    enableCcPaymentAnnually: boolean('enable_cc_payment_annually').notNull().default(true),
    enableEftPaymentMonthly: boolean('enable_eft_payment_monthly').notNull().default(false),
    enableEftPaymentAnnually: boolean('enable_eft_payment_annually').notNull().default(false),
    enableSkipPaywall: boolean('enable_skip_paywall').notNull().default(false),
    trialDuration: integer('trial_duration'),
    trialUnit: text('trial_unit', { enum: ['DAY', 'WEEK', 'MONTH', 'YEAR'] }),
    /** { title, detailDescriptions: [{ shortDescription, detailDescription (sanitised HTML) }] } */
    detailDescription: jsonb('detail_description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plans_name_region').on(t.name, t.region)],
);

export const features = pgTable('features', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  featureType: text('feature_type', { enum: ['NUMBER', 'BOOLEAN'] }).notNull(),
  available: boolean('available').notNull().default(true),
  priority: integer('priority').notNull().default(0),
  isMenuSetting: boolean('is_menu_setting').notNull().default(false),
});

export const planFeatures = pgTable(
  'plan_features',
  {
    planId: ownerRef('plan_id', () => plans.id),
    featureId: ownerRef('feature_id', () => features.id),
    available: boolean('available').notNull().default(true),
    include: boolean('include').notNull().default(true),
    clientThreshold: integer('client_threshold'),
    status: text('status', { enum: ['NON_INTERACTABLE', 'HIDDEN'] })
      .notNull()
      .default('NON_INTERACTABLE'),
    /** { delayDuration, delayUnit, state } or null */
    restriction: jsonb('restriction'),
  },
  (t) => [primaryKey({ columns: [t.planId, t.featureId] })],
);

/** Per-company billing settings: the restricted list of plans a company may choose (spec 2 §2). */
export const billingAccounts = pgTable('billing_accounts', {
  companyId: ownerKey('company_id', () => companies.id),
  availablePlanIds: integer('available_plan_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
});

export const promos = pgTable('promos', {
  id: serial('id').primaryKey(),
  /** Stored upper-cased; matched case-insensitively. */
  code: text('code').notNull().unique(),
  status: text('status', { enum: ['ACTIVE', 'INACTIVE'] }).notNull(),
  startDate: timestamptz('start_date'),
  endDate: timestamptz('end_date'),
  limitUsage: boolean('limit_usage').notNull().default(false),
  maxUsage: integer('max_usage'),
  /** Only ever changed by one conditional UPDATE, so concurrent redemptions never overshoot. */
  totalUsage: integer('total_usage').notNull().default(0),
  createdAt: createdAt(),
});

export const promoPlans = pgTable(
  'promo_plans',
  {
    promoId: ownerRef('promo_id', () => promos.id),
    planId: ownerRef('plan_id', () => plans.id),
    paymentFrequency: text('payment_frequency', { enum: ['MONTHLY', 'ANNUAL'] }).notNull(),
    discountType: text('discount_type', { enum: ['PRICE', 'AMOUNT', 'PERCENT'] }).notNull(),
    /** Cents for PRICE and AMOUNT, hundredths of a percent for PERCENT. */
    discountAmountX100: integer('discount_amount_x100').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.planId, t.paymentFrequency] })],
);

export const companySubscriptions = pgTable(
  'company_subscriptions',
  {
    ...companyOwned(() => companies.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', {
      enum: ['AVAILABLE', 'NEW', 'DELETED', 'EXPIRED', 'PAYMENT_FAILED', 'TRIAL'],
    }).notNull(),
    paymentFrequency: text('payment_frequency', { enum: ['MONTHLY', 'ANNUAL'] }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** The recurring price (list price, or the plan's promo price) charged at each renewal. */
    priceCents: integer('price_cents').notNull(),
    /** What was paid for the current period; the base of the proration credit. */
    paidCents: integer('paid_cents').notNull().default(0),
    startedAt: timestamptz('started_at').notNull(),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    trialEndsAt: timestamptz('trial_ends_at'),
    trialDuration: integer('trial_duration'),
    trialUnit: text('trial_unit', { enum: ['DAY', 'WEEK', 'MONTH', 'YEAR'] }),
    promoId: integer('promo_id').references(() => promos.id),
    failureCount: integer('failure_count').notNull().default(0),
    firstFailureAt: timestamptz('first_failure_at'),
    nextRetryAt: timestamptz('next_retry_at'),
    canceledAt: timestamptz('canceled_at'),
    endedAt: timestamptz('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_subscriptions_company').on(t.companyId, t.createdAt),
    // At most one live subscription per company: a double-clicked Checkout cannot open two.
    uniqueIndex('company_subscriptions_one_live')
      .on(t.companyId)
      .where(sql`${t.status} in ('NEW', 'TRIAL', 'AVAILABLE', 'PAYMENT_FAILED')`),
    index('company_subscriptions_due').on(t.status, t.currentPeriodEnd),
  ],
);

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: serial('id').primaryKey(),
    promoId: ownerRef('promo_id', () => promos.id),
    companyId: ownerRef('company_id', () => companies.id),
    /** Set when the redemption paid for a subscription's first period. */
    subscriptionId: integer('subscription_id').references(() => companySubscriptions.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_redemptions_promo_company').on(t.promoId, t.companyId)],
);

/** The gateway's token and what it tells us about the card: never the number or the CVV. */
export const paymentMethods = pgTable('payment_methods', {
  companyId: ownerKey('company_id', () => companies.id),
  gateway: text('gateway').notNull(),
  token: text('token').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  billingAddressLine1: text('billing_address_line1').notNull(),
  billingAddressLine2: text('billing_address_line2'),
  billingCity: text('billing_city').notNull(),
  billingState: text('billing_state').notNull(),
  billingZip: text('billing_zip').notNull(),
  billingCountry: text('billing_country').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    ...companyOwned(() => companies.id),
    subscriptionId: integer('subscription_id').references(() => companySubscriptions.id),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    status: text('status', { enum: ['Paid', 'Failed', 'Refunded'] }).notNull(),
    description: text('description').notNull(),
    failureMessage: text('failure_message'),
    gatewayChargeId: text('gateway_charge_id'),
    /** The key sent to the gateway; one charge per key however often a job or request retries. */
    chargeKey: text('charge_key').notNull().unique(),
    brand: text('brand'),
    last4: text('last4'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_transactions_company').on(t.companyId, t.createdAt)],
);

/**
 * One row per billing email event (a receipt for a transaction, a reminder for a period): the email
 * is written once however often the job that sends it runs; a rerun queues the same outbox rows again.
 */
export const billingNotices = pgTable('billing_notices', {
  eventKey: text('event_key').primaryKey(),
  companyId: ownerRef('company_id', () => companies.id),
  kind: text('kind').notNull(),
  outboxIds: integer('outbox_ids').array().notNull(),
  createdAt: createdAt(),
});

/** The sandbox gateway's own records (a processor's side, kept here only in sandbox mode). */
export const sandboxGatewayTokens = pgTable('sandbox_gateway_tokens', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Test-card behaviour: APPROVE, or FAIL_CHARGES for the card that tokenises but never pays. */
  behavior: text('behavior', { enum: ['APPROVE', 'FAIL_CHARGES'] }).notNull(),
  createdAt: createdAt(),
});

export const sandboxGatewayCharges = pgTable('sandbox_gateway_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  token: text('token').notNull(),
  amountCents: integer('amount_cents').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  status: text('status', { enum: ['SUCCEEDED', 'FAILED'] }).notNull(),
  failureMessage: text('failure_message'),
  createdAt: createdAt(),
});
