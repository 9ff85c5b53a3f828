// What every module leans on: the mail outbox, stored files, idempotency keys, the activity log,
// live-channel attachments and system settings (issue 20).

import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, ownerRef, actorRef } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';

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
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_outbox_to').on(t.to)],
);

/** Every stored upload; the bytes live in the storage backend under `key`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    uploadedBy: ownerRef('uploaded_by', () => users.id),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    mode: text('mode').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_company').on(t.companyId)],
);

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

/**
 * The activity log (issue 20): append-only, enforced by triggers that refuse UPDATE, DELETE and
 * TRUNCATE (migration 0012). No foreign keys, so the record outlives the users and companies it names;
 * the actor's name and email are copied at the time of the action.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamptz('created_at').notNull(),
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
  createdAt: timestamptz('created_at').defaultNow(),
  payload: bytea('payload'),
});

/** Spec 3 §3 system setting keys: one row per key an admin has set; an absent key reads as its default. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: actorRef('updated_by', () => users.id),
  updatedAt: timestamptz('updated_at').notNull(),
});
