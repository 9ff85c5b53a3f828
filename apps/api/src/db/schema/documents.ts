// Compliance documents: types, rejection reasons, uploaded versions, notes, reviewers, reminders and
// COA uploads.

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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, ownerRef, actorRef, companyOwned } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { businessTypes } from './reference.ts';

export const documentTypes = pgTable('document_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  licenseCheck: boolean('license_check').notNull().default(false),
  certificationCheck: boolean('certification_check').notNull().default(false),
  expirationCheck: boolean('expiration_check').notNull().default(false),
  dayPriorNotify: integer('day_prior_notify'),
  businessTypeIds: integer('business_type_ids').array().notNull(),
  /**
   * The seeded row's key in the seeded catalogue (reference/seeded-catalog): the app shows the name in
   * the reader's language while it is set. Null for a type a super admin created, and cleared when one
   * renames it.
   */
  seedKey: text('seed_key'),
  /** Deleted types stay so the documents uploaded for them keep their name. */
  deletedAt: timestamptz('deleted_at'),
  createdAt: createdAt(),
});

export const rejectionReasons = pgTable('rejection_reasons', {
  id: serial('id').primaryKey(),
  reasonName: text('reason_name').notNull(),
  notification: text('notification').notNull(),
  /** As document_types.seed_key: cleared when a super admin changes the name or the notification. */
  seedKey: text('seed_key'),
  reasonType: text('reason_type', { enum: ['REJECT'] })
    .notNull()
    .default('REJECT'),
  deletedAt: timestamptz('deleted_at'),
  createdAt: createdAt(),
});

/** One row per uploaded version; the versions of a company's document type are numbered from 1. */
export const companyDocuments = pgTable(
  'company_documents',
  {
    ...companyOwned(() => companies.id),
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
    reviewedBy: actorRef('reviewed_by', () => users.id),
    reviewedAt: timestamptz('reviewed_at'),
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
    stateLicenseStatusChangedAt: timestamptz('state_license_status_changed_at'),
    uploadedBy: actorRef('uploaded_by', () => users.id),
    deletedAt: timestamptz('deleted_at'),
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
    documentId: ownerRef('document_id', () => companyDocuments.id),
    userId: actorRef('user_id', () => users.id),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_notes_document').on(t.documentId)],
);

/** A reviewer company (e.g. a merchant processor) assigned to review a client company's documents. */
export const documentReviewers = pgTable(
  'document_reviewers',
  {
    clientCompanyId: ownerRef('client_company_id', () => companies.id),
    reviewerCompanyId: ownerRef('reviewer_company_id', () => companies.id),
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
    documentId: ownerRef('document_id', () => companyDocuments.id),
    threshold: text('threshold', { enum: ['BEFORE', 'ON_EXPIRY'] }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.threshold] })],
);

export const coaUploads = pgTable(
  'coa_uploads',
  {
    ...companyOwned(() => companies.id),
    userId: actorRef('user_id', () => users.id),
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
