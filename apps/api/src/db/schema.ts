import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
  (t) => [uniqueIndex('categories_kind_name_unique').on(t.kind, sql`lower(${t.name})`)],
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
    /** The super admin's built-in company (spec 3 §3): exactly one row has it. */
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('companies_one_system')
      .on(t.isSystem)
      .where(sql`${t.isSystem}`),
    index('companies_name_state').on(sql`lower(${t.name})`, t.state),
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
  acceptedEulaAt: timestamp('accepted_eula_at', { withTimezone: true }),
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
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email').on(t.email, t.createdAt),
    index('login_attempts_ip').on(t.ip, t.createdAt),
  ],
);

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
