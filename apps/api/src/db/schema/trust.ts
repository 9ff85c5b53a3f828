// Trust profile and seal (issue 21).

import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, ownerRef, ownerKey, actorRef } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';

/** A company's public trust profile: published by its owners or admins; the slug never changes. */
export const trustProfiles = pgTable('trust_profiles', {
  companyId: ownerKey('company_id', () => companies.id),
  slug: text('slug').notNull().unique(),
  published: boolean('published').notNull().default(false),
  publishedAt: timestamptz('published_at'),
  updatedBy: actorRef('updated_by', () => users.id),
  /** A super admin's hold: no seal while set, whatever the documents say. */
  sealHeldAt: timestamptz('seal_held_at'),
  sealHoldReason: text('seal_hold_reason'),
  createdAt: createdAt(),
});

/** Every signed seal (its id is the JWS `jti`); a revoked one stays listed until its window ends. */
export const sealAttestations = pgTable(
  'seal_attestations',
  {
    id: uuid('id').primaryKey(),
    companyId: ownerRef('company_id', () => companies.id),
    keyId: text('key_id').notNull(),
    token: text('token').notNull(),
    /** What the seal says (company, documents): a change signs a new seal and revokes this one. */
    claimsHash: text('claims_hash').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
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
