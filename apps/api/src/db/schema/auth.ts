// Users and how they sign in: sessions, refresh tokens, attempt counters, password resets, sign-up
// codes and email changes.

import { boolean, index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, ownerRef, ownerKey } from './columns.ts';

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
  acceptedEulaAt: timestamptz('accepted_eula_at'),
  /** Set by a super admin: the account cannot sign in until it is enabled again. */
  disabledAt: timestamptz('disabled_at'),
  createdAt: createdAt(),
});

/** One row per sign-in; every refresh token of that sign-in belongs to it. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerRef('user_id', () => users.id),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
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
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
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
  resetAt: timestamptz('reset_at').notNull(),
  strikes: integer('strikes').notNull().default(0),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: ownerRef('user_id', () => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

/** Emailed sign-up codes (spec 1 §4): only a hash is kept; 15-minute expiry, single use, 5 wrong tries. */
export const signUpCodes = pgTable(
  'sign_up_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    verifiedAt: timestamptz('verified_at'),
    /** Set when a registration used the verified code; a code never registers twice. */
    consumedAt: timestamptz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_up_codes_email').on(t.email, t.createdAt)],
);

/**
 * An email change waiting for the code sent to the new address: one open request per user (a new
 * request replaces it); the code is stored as its hash and its tries are counted in attempt_counters.
 */
export const emailChanges = pgTable('email_changes', {
  userId: ownerKey('user_id', () => users.id),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});
