import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const segments = pgTable('segments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().unique(),
});

export const businessTypes = pgTable('business_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().unique(),
  segmentIds: integer('segment_ids').array().notNull(),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const states = pgTable(
  'states',
  {
    country: text('country').notNull(),
    abbreviation: text('abbreviation').notNull(),
    name: text('name').notNull(),
    code: integer('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.abbreviation] })],
);

/** Product and service categories share one table; `kind` tells them apart. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['PRODUCT', 'SERVICE'] }).notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
  },
  // Spec 3 §5: a name is unique among its siblings (same kind and parent), whatever its case.
  (t) => [
    uniqueIndex('categories_sibling_name_unique').on(
      t.kind,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const ingredients = pgTable('ingredients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const flavors = pgTable('flavors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    businessTypeId: integer('business_type_id').references(() => businessTypes.id),
    kind: text('kind', { enum: ['NORMAL', 'PROSPECT', 'FDA', 'REGISTERED'] })
      .notNull()
      .default('REGISTERED'),
    status: text('status', { enum: ['DEFAULT', 'CANCELED', 'SUSPENDED', 'TERMINATED', 'ACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    logoUrl: text('logo_url'),
    /** Spec 3 §3 employee count (at least 1 when set), incorporation type and federal tax id (00-0000000). */
    employees: integer('employees'),
    incorporationType: text('incorporation_type'),
    taxId: text('tax_id'),
    /** The super admin's built-in company (spec 3 §3): exactly one row has it. */
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('companies_one_system')
      .on(t.isSystem)
      .where(sql`${t.isSystem}`),
    index('companies_name_state').on(sql`lower(${t.name})`, t.state),
    // The directory (issue 21): trigram search by name (pg_trgm, migration 0015), filters, newest first.
    index('companies_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('companies_type_state').on(t.businessTypeId, t.state),
    index('companies_created_at').on(t.createdAt),
  ],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased: people type their address in any case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  /** The language the user reads the app in (spec 3 §9); emails to them are written in it. */
  language: text('language', { enum: ['en', 'fr', 'de', 'nl'] })
    .notNull()
    .default('en'),
  acceptedEulaAt: timestamp('accepted_eula_at', { withTimezone: true }),
  /** Set by a super admin: the account cannot sign in until it is enabled again. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['Company Owner', 'Company Admin', 'User', 'Weak User'] }).notNull(),
    /** A removed member is banned from the company for good (spec 3 §6), so the row stays. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user').on(t.userId)],
);

/** One row per sign-in; every refresh token of that sign-in belongs to it. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('session_families_user').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The pair that replaced this token, sealed with this token, for a second tab's refresh in the grace. */
    successorSealed: text('successor_sealed'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

/**
 * Attempt counters (sign-in failures, sign-up codes, registrations): one row a key, counted by a single
 * conditional upsert so that concurrent requests each take their own slot. `strikes` counts how often
 * the key reached its limit, for the growing delay of sign-in; `resetAt` ends the window or the delay.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  strikes: integer('strikes').notNull().default(0),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every outgoing email; with no SMTP configured this table is the dev mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['QUEUED', 'SENT', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    meta: jsonb('meta'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to').on(t.to)],
);

// ---- files ----

/** Every stored upload; the bytes live in the storage backend under `key`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    mode: text('mode').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_company').on(t.companyId)],
);

// ---- billing ----
// Money is integer cents; the API speaks dollars. No card number or CVV has a column anywhere.

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
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
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
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
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
  startDate: timestamp('start_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }),
  limitUsage: boolean('limit_usage').notNull().default(false),
  maxUsage: integer('max_usage'),
  /** Only ever changed by one conditional UPDATE, so concurrent redemptions never overshoot. */
  totalUsage: integer('total_usage').notNull().default(0),
  createdAt: createdAt(),
});

export const promoPlans = pgTable(
  'promo_plans',
  {
    promoId: integer('promo_id')
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
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
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    trialDuration: integer('trial_duration'),
    trialUnit: text('trial_unit', { enum: ['DAY', 'WEEK', 'MONTH', 'YEAR'] }),
    promoId: integer('promo_id').references(() => promos.id),
    failureCount: integer('failure_count').notNull().default(0),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
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
    promoId: integer('promo_id')
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Set when the redemption paid for a subscription's first period. */
    subscriptionId: integer('subscription_id').references(() => companySubscriptions.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_redemptions_promo_company').on(t.promoId, t.companyId)],
);

/** The gateway's token and what it tells us about the card: never the number or the CVV. */
export const paymentMethods = pgTable('payment_methods', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  outboxIds: integer('outbox_ids').array().notNull(),
  createdAt: createdAt(),
});

/** Stripe-style Idempotency-Key records: a retried request replays the first response. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

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

// ---- documents ----

export const documentTypes = pgTable('document_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  licenseCheck: boolean('license_check').notNull().default(false),
  certificationCheck: boolean('certification_check').notNull().default(false),
  expirationCheck: boolean('expiration_check').notNull().default(false),
  dayPriorNotify: integer('day_prior_notify'),
  businessTypeIds: integer('business_type_ids').array().notNull(),
  /** Deleted types stay so the documents uploaded for them keep their name. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const rejectionReasons = pgTable('rejection_reasons', {
  id: serial('id').primaryKey(),
  reasonName: text('reason_name').notNull(),
  notification: text('notification').notNull(),
  reasonType: text('reason_type', { enum: ['REJECT'] })
    .notNull()
    .default('REJECT'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One row per uploaded version; the versions of a company's document type are numbered from 1. */
export const companyDocuments = pgTable(
  'company_documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    version: integer('version').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The viewable copy (PDF or image) produced by documents.convert; the original for PDFs and images. */
    viewKey: text('view_key'),
    conversionStatus: text('conversion_status', { enum: ['PROCESSING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('PROCESSING'),
    reviewStatus: text('review_status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReasonId: integer('reject_reason_id').references(() => rejectionReasons.id),
    reviewComment: text('review_comment'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    expirationDate: date('expiration_date', { mode: 'string' }),
    licenseNumber: text('license_number'),
    licenseCountry: text('license_country'),
    licenseState: text('license_state'),
    licenseAddress: text('license_address'),
    validationMethod: text('validation_method', {
      enum: ['STATE_VERIFIED', 'DOCUMENT_PROVIDED', 'THIRD_PARTY'],
    }),
    businessTypeId: integer('business_type_id').references(() => businessTypes.id),
    rtqRequired: boolean('rtq_required').notNull().default(false),
    stateLicenseStatus: text('state_license_status'),
    stateLicenseStatusChangedAt: timestamp('state_license_status_changed_at', { withTimezone: true }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_documents_version').on(t.companyId, t.documentTypeId, t.version),
    index('company_documents_review').on(t.reviewStatus, t.createdAt),
  ],
);

export const documentNotes = pgTable(
  'document_notes',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => companyDocuments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_notes_document').on(t.documentId)],
);

/** A reviewer company (e.g. a merchant processor) assigned to review a client company's documents. */
export const documentReviewers = pgTable(
  'document_reviewers',
  {
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reviewerCompanyId: integer('reviewer_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientCompanyId, t.reviewerCompanyId] }),
    index('document_reviewers_reviewer').on(t.reviewerCompanyId),
  ],
);

/** Sent expiry reminders: the primary key makes the daily job send each threshold once per version. */
export const documentReminders = pgTable(
  'document_reminders',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => companyDocuments.id, { onDelete: 'cascade' }),
    threshold: text('threshold', { enum: ['BEFORE', 'ON_EXPIRY'] }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.threshold] })],
);

export const coaUploads = pgTable(
  'coa_uploads',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['PROCESSING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('PROCESSING'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull(),
    /** Per file: the stored key, name, status, message, cannabinoid values and violations. */
    items: jsonb('items').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coa_uploads_company').on(t.companyId, t.createdAt)],
);

// ---- accounts ----

/** Emailed sign-up codes (spec 1 §4): only a hash is kept; 15-minute expiry, single use, 5 wrong tries. */
export const signUpCodes = pgTable(
  'sign_up_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when a registration used the verified code; a code never registers twice. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_up_codes_email').on(t.email, t.createdAt)],
);

/** What onboarding records about a company beyond the shared company row. */
export const companyOnboarding = pgTable('company_onboarding', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  segmentIds: integer('segment_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  manufactureForOther: boolean('manufacture_for_other'),
  requiredMoq: boolean('required_moq'),
  saleNumber: text('sale_number'),
  promoCode: text('promo_code'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A prospect company (companies.kind PROSPECT) with its contact and claim code (hash only). */
export const prospects = pgTable('prospects', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  claimCodeHash: text('claim_code_hash').notNull().unique(),
  contactFirstName: text('contact_first_name').notNull().default(''),
  contactLastName: text('contact_last_name').notNull().default(''),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull().default(''),
  segmentIds: integer('segment_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  importJobId: uuid('import_job_id'),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const prospectImportJobs = pgTable('prospect_import_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
    .notNull()
    .default('QUEUED'),
  csv: text('csv').notNull(),
  totalRows: integer('total_rows').notNull().default(0),
  importedRows: integer('imported_rows').notNull().default(0),
  errors: jsonb('errors').$type<{ line: number; messages: string[] }[]>().notNull().default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Member invitations: the emailed token is stored as its hash; single use, 7-day expiry. */
export const companyInvites = pgTable(
  'company_invites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['Company Admin', 'User', 'Weak User'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('company_invites_company').on(t.companyId)],
);

/**
 * An email change waiting for the code sent to the new address: one open request per user (a new
 * request replaces it); the code is stored as its hash and its tries are counted in attempt_counters.
 */
export const emailChanges = pgTable('email_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The activity log (issue 20): append-only, enforced by triggers that refuse UPDATE, DELETE and
 * TRUNCATE (migration 0012). No foreign keys, so the record outlives the users and companies it names;
 * the actor's name and email are copied at the time of the action.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    companyId: integer('company_id'),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    subjectUserId: integer('subject_user_id'),
    subjectName: text('subject_name'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('activity_log_company').on(t.companyId, t.createdAt),
    index('activity_log_actor').on(t.actorUserId, t.createdAt),
    index('activity_log_subject').on(t.subjectUserId, t.createdAt),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Live-channel messages too large for a NOTIFY payload (8 KB), as @socket.io/postgres-adapter
 * expects them; the adapter deletes rows older than 30 s.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

// ---- webcrawler (issue 17; spec 3 §3 "Scan job", "Violation check", "Violation check detail") ----

/** A company's websites: each scan adds its site here; re-scans run weekly while enabled. */
export const webcrawlerWebsites = pgTable(
  'webcrawler_websites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Scheme-less origin (`host:port`, lower case, no `www.`): one website per company and key. */
    siteKey: text('site_key').notNull(),
    rescanEnabled: boolean('rescan_enabled').notNull().default(true),
    nextScanAt: timestamp('next_scan_at', { withTimezone: true }),
    lastScanAt: timestamp('last_scan_at', { withTimezone: true }),
    lastViolationCheckId: integer('last_violation_check_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webcrawler_websites_company_site').on(t.companyId, t.siteKey),
    index('webcrawler_websites_due').on(t.nextScanAt),
  ],
);

/** One scan (the Scan button, a product scan task or a scheduled re-scan); the API's jobId is its id. */
export const scanJobs = pgTable(
  'scan_jobs',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['job', 'productScanTask'] }).notNull(),
    url: text('url').notNull(),
    siteKey: text('site_key').notNull(),
    /** The scan request's options (additionalWords, isIncludedVideo, verifyProduct, analyzeImage, autoCreateProduct). */
    options: jsonb('options').notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed', 'cancelled'] }).notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressQueued: integer('progress_queued').notNull().default(0),
    violationCheckId: integer('violation_check_id'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    websiteId: integer('website_id').references(() => webcrawlerWebsites.id, { onDelete: 'set null' }),
    isRescan: boolean('is_rescan').notNull().default(false),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('scan_jobs_company_created').on(t.companyId, t.createdAt)],
);

/** A finished scan's result (spec 3 §3 "Violation check"); one per scan job, so a retried job stores once. */
export const violationChecks = pgTable(
  'violation_checks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scanJobId: uuid('scan_job_id').notNull().unique(),
    url: text('url').notNull(),
    siteKey: text('site_key').notNull(),
    checkTime: timestamp('check_time', { withTimezone: true }).notNull(),
    pagesScanned: integer('pages_scanned').notNull(),
    productVerification: jsonb('product_verification').notNull(),
    /** The previous check of the same website the new/resolved marks compare with. */
    previousCheckId: integer('previous_check_id'),
    /** Findings of the previous check no longer found (ResolvedViolation[]). */
    resolved: jsonb('resolved').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('violation_checks_company_site').on(t.companyId, t.siteKey, t.checkTime)],
);

export const complianceFindings = pgTable(
  'compliance_findings',
  {
    id: serial('id').primaryKey(),
    checkId: integer('check_id')
      .notNull()
      .references(() => violationChecks.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    position: integer('position').notNull(),
    /** Same claim on the same page across scans: what "new since last scan" and "resolved" compare. */
    fingerprint: text('fingerprint').notNull(),
    description: text('description').notNull(),
    pageUrl: text('page_url').notNull(),
    imageUrl: text('image_url'),
    isInVideo: boolean('is_in_video').notNull(),
    startTime: doublePrecision('start_time'),
    videoUrl: text('video_url'),
    evidence: text('evidence').notNull(),
    category: text('category').notNull(),
    term: text('term').notNull(),
    severity: text('severity', { enum: ['HIGH', 'MEDIUM', 'LOW', 'COMPLIANCE'] }).notNull(),
    violationType: text('violation_type', {
      enum: ['NON_COMPLIANCE', 'FDA_DISCLAIMER', 'AGE_RESTRICTION'],
    }).notNull(),
    ruleRef: text('rule_ref').notNull(),
    hint: text('hint').notNull(),
    isCompliant: boolean('is_compliant').notNull().default(false),
    isReviewed: boolean('is_reviewed').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
  },
  (t) => [
    uniqueIndex('compliance_findings_check_position').on(t.checkId, t.position),
    index('compliance_findings_company_image').on(t.companyId, t.imageUrl),
  ],
);

/** The minimal product catalogue the scan's product comparison reads (authorised products). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Folded name: one product per company and name whatever the case or spacing. */
    nameKey: text('name_key').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    source: text('source', { enum: ['MANUAL', 'SCAN'] })
      .notNull()
      .default('MANUAL'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_company_name').on(t.companyId, t.nameKey)],
);

/** A company's locations (spec 3 §3 site types); edited on the company page by its owner or admin. */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of SITE_TYPES (packages/domain rules/company-fields), checked by the request schema. */
    siteType: text('site_type').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull().default(''),
    state: text('state').notNull(),
    zip: text('zip').notNull().default(''),
    country: text('country', { enum: ['US', 'CA'] })
      .notNull()
      .default('US'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_locations_company').on(t.companyId, t.name)],
);

// ---- trust profile and seal (issue 21) ----

/** A company's public trust profile: published by its owners or admins; the slug never changes. */
export const trustProfiles = pgTable('trust_profiles', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  published: boolean('published').notNull().default(false),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  /** A super admin's hold: no seal while set, whatever the documents say. */
  sealHeldAt: timestamp('seal_held_at', { withTimezone: true }),
  sealHoldReason: text('seal_hold_reason'),
  createdAt: createdAt(),
});

/** Every signed seal (its id is the JWS `jti`); a revoked one stays listed until its window ends. */
export const sealAttestations = pgTable(
  'seal_attestations',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    token: text('token').notNull(),
    /** What the seal says (company, documents): a change signs a new seal and revokes this one. */
    claimsHash: text('claims_hash').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('seal_attestations_company').on(t.companyId, t.expiresAt),
    index('seal_attestations_revoked')
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} is not null`),
    index('seal_attestations_live')
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The public directory's read model (issue 21): one row per listed company (a published trust
 * profile) with what the directory filters and sorts by, kept by triggers on companies,
 * trust_profiles, company_onboarding and seal_attestations (migration 0019), so a search reads one
 * table and its indexes only. `sealUntil` is the latest expiry among the company's unrevoked seals:
 * the company holds a live seal at `now` exactly when `sealUntil > now`. Migration 0021 adds a GIN
 * index on the words of the name (`directory_words_array(name_key)`, a function of that migration),
 * which finds the names holding given words.
 */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** lower(name): the sort key, and the text the trigram index searches. */
    nameKey: text('name_key').notNull(),
    businessTypeId: integer('business_type_id'),
    state: text('state'),
    segmentIds: integer('segment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    sealUntil: timestamp('seal_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // Each B-tree leads with an equality filter (or none) and then the sort, and carries the other
  // filters after it, so a page is an index-only walk that stops at its last row.
  (t) => [
    index('directory_entries_name_trgm').using('gin', t.nameKey.op('gin_trgm_ops')),
    index('directory_entries_by_name').on(
      t.nameKey,
      t.companyId,
      t.businessTypeId,
      t.state,
      t.sealUntil,
      t.segmentIds,
    ),
    index('directory_entries_by_newest').on(
      t.createdAt,
      t.companyId,
      t.businessTypeId,
      t.state,
      t.sealUntil,
      t.segmentIds,
    ),
    index('directory_entries_state_name').on(
      t.state,
      t.nameKey,
      t.companyId,
      t.businessTypeId,
      t.sealUntil,
      t.segmentIds,
    ),
    index('directory_entries_state_newest').on(
      t.state,
      t.createdAt,
      t.companyId,
      t.businessTypeId,
      t.sealUntil,
      t.segmentIds,
    ),
    index('directory_entries_type_name').on(
      t.businessTypeId,
      t.nameKey,
      t.companyId,
      t.state,
      t.sealUntil,
      t.segmentIds,
    ),
    index('directory_entries_type_newest').on(
      t.businessTypeId,
      t.createdAt,
      t.companyId,
      t.state,
      t.sealUntil,
      t.segmentIds,
    ),
  ],
);

/**
 * The words of the listed companies' names (`directory_words_of(name_key)`), each with how many
 * directory entries use it, kept by statement triggers on directory_entries (migration 0021): a
 * word goes when its last entry does. A misspelt search word is matched against these few tens of
 * thousands of words (pg_trgm word similarity, the trigram index below) before the names are.
 */
export const directoryWords = pgTable(
  'directory_words',
  {
    word: text('word').primaryKey(),
    entries: integer('entries').notNull(),
  },
  (t) => [index('directory_words_trgm').using('gin', t.word.op('gin_trgm_ops'))],
);

// ---- white-label site templates (issue 21, spec 3 §3 "Site template") ----

/**
 * A template: UNIVERSAL (published), INACTIVE, or a DRAFT copy of its parent that applyDraft
 * publishes. A company or a host name is bound to at most one template.
 */
export const siteTemplates = pgTable(
  'site_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: ['INACTIVE', 'DRAFT', 'UNIVERSAL'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => siteTemplates.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    domain: text('domain'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One draft per template, so two editors asking for a draft at once share it.
    uniqueIndex('site_templates_one_draft').on(t.parentId),
    uniqueIndex('site_templates_company').on(t.companyId),
    uniqueIndex('site_templates_domain').on(t.domain),
  ],
);

export const siteTemplateElements = pgTable(
  'site_template_elements',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => siteTemplates.id, { onDelete: 'cascade' }),
    elementName: text('element_name').notNull(),
    elementType: text('element_type', { enum: ['IMAGE', 'TERMINOLOGY'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    useTextOverride: boolean('use_text_override').notNull().default(false),
    textOverride: text('text_override'),
    phrase: text('phrase').notNull(),
    /** An image upload (files.key); the upload stays while an element refers to it. */
    imageKey: text('image_key').references(() => files.key, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('site_template_elements_name').on(t.templateId, t.elementName)],
);
// ---- system settings (issue 20) ----

/** Spec 3 §3 system setting keys: one row per key an admin has set; an absent key reads as its default. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
