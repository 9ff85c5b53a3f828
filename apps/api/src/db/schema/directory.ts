// The public directory (issue 21).

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ownerKey, timestamptz } from './columns.ts';
import { companies } from './companies.ts';

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
    companyId: ownerKey('company_id', () => companies.id),
    name: text('name').notNull(),
    /** lower(name): the sort key, and the text the trigram index searches. */
    nameKey: text('name_key').notNull(),
    businessTypeId: integer('business_type_id'),
    state: text('state'),
    segmentIds: integer('segment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    sealUntil: timestamptz('seal_until'),
    createdAt: timestamptz('created_at').notNull(),
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

/**
 * Every tail of each dictionary word (the word from its `at`-th letter on, `at` = 1 the whole word),
 * kept by statement triggers on directory_words (migration 0035). A B-tree on the tails in byte
 * order (`COLLATE "C"`, the index of the migration) answers which listed words contain, start with,
 * end with or are a search word as a range of tails, where the words' trigram index reads the
 * posting lists of every trigram of the search word.
 */
export const directoryWordTails = pgTable(
  'directory_word_tails',
  {
    word: text('word').notNull(),
    at: integer('at').notNull(),
    tail: text('tail').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.at] }),
    index('directory_word_tails_by_tail').on(sql`(${t.tail} collate "C")`, t.word, t.at),
  ],
);

/**
 * What a directory page shows of each listed company (migration 0033): one row per directory entry,
 * kept with it by `directory_entry_refresh` (the row triggers on companies, trust_profiles,
 * company_onboarding and seal_attestations), so `directory_shown` probes one large table per row of
 * a page instead of companies and trust_profiles both.
 */
export const directoryCards = pgTable('directory_cards', {
  companyId: ownerKey('company_id', () => companies.id),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  businessTypeId: integer('business_type_id'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  createdAt: timestamptz('created_at').notNull(),
});

/**
 * One row per word of each listed name (`directory_words_array(name_key)`), with the name key, the
 * company and the filters of its directory entry, kept by statement triggers on directory_entries
 * (migration 0031). The primary key's B-tree (it also carries the filters: `INCLUDE` in the
 * migration) is one list per word in name order, so a search reads the first names of a word, or
 * of a few words merged, from the index alone, as far as its page needs.
 */
export const directoryPostings = pgTable(
  'directory_postings',
  {
    word: text('word').notNull(),
    nameKey: text('name_key').notNull(),
    companyId: integer('company_id').notNull(),
    businessTypeId: integer('business_type_id'),
    state: text('state'),
    segmentIds: integer('segment_ids').array().notNull(),
    sealUntil: timestamptz('seal_until'),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.nameKey, t.companyId] }),
    index('directory_postings_company').on(t.companyId),
  ],
);
