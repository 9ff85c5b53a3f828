// Companies, their members, onboarding, prospects, invitations and locations.

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
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, timestamptz, ownerRef, ownerKey, actorRef, companyOwned } from './columns.ts';
import { users } from './auth.ts';
import { businessTypes } from './reference.ts';

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

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: ownerRef('company_id', () => companies.id),
    userId: ownerRef('user_id', () => users.id),
    role: text('role', { enum: ['Company Owner', 'Company Admin', 'User', 'Weak User'] }).notNull(),
    /** A removed member is banned from the company for good (spec 3 §6), so the row stays. */
    bannedAt: timestamptz('banned_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user').on(t.userId)],
);

/** What onboarding records about a company beyond the shared company row. */
export const companyOnboarding = pgTable('company_onboarding', {
  companyId: ownerKey('company_id', () => companies.id),
  segmentIds: integer('segment_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  manufactureForOther: boolean('manufacture_for_other'),
  requiredMoq: boolean('required_moq'),
  saleNumber: text('sale_number'),
  promoCode: text('promo_code'),
  createdBy: actorRef('created_by', () => users.id),
  createdAt: createdAt(),
});

/**
 * A company's submitted Road to Qredibility (spec 3 §2 company page tab RTQ; §7 submitRtq): the
 * documents reviewers mark `rtqRequired`, handed in for review once. Claim status "Completed RTQ"
 * (spec 3 §4) reads from it. One row per company: a repeated submit keeps the first.
 */
export const companyRtqSubmissions = pgTable('company_rtq_submissions', {
  companyId: ownerKey('company_id', () => companies.id),
  submittedBy: actorRef('submitted_by', () => users.id),
  submittedAt: timestamptz('submitted_at').notNull(),
});

/** A prospect company (companies.kind PROSPECT) with its contact and claim code (hash only). */
export const prospects = pgTable('prospects', {
  companyId: ownerKey('company_id', () => companies.id),
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
  claimedAt: timestamptz('claimed_at'),
  claimedBy: actorRef('claimed_by', () => users.id),
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
  createdBy: actorRef('created_by', () => users.id),
  createdAt: createdAt(),
  finishedAt: timestamptz('finished_at'),
});

/** Member invitations: the emailed token is stored as its hash; single use, 7-day expiry. */
export const companyInvites = pgTable(
  'company_invites',
  {
    ...companyOwned(() => companies.id),
    email: text('email').notNull(),
    role: text('role', { enum: ['Company Admin', 'User', 'Weak User'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: actorRef('invited_by', () => users.id),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('company_invites_company').on(t.companyId)],
);

/** A company's locations (spec 3 §3 site types); edited on the company page by its owner or admin. */
export const companyLocations = pgTable(
  'company_locations',
  {
    ...companyOwned(() => companies.id),
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
    updatedAt: updatedAt(),
  },
  (t) => [index('company_locations_company').on(t.companyId, t.name)],
);
