// Trust profile and seal (issue 21).

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';

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
