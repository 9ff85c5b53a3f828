import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { businessTypes, directoryEntries, directoryWords, segments, states } from '../../db/schema.ts';

export interface DirectorySearch {
  /** Name search: a substring, or a word that reads like one of the name's words (pg_trgm). */
  q?: string;
  businessTypeId?: number;
  state?: string;
  segmentId?: number;
  /** Only companies holding a live seal at `now`. */
  seal?: boolean;
  sort: 'relevance' | 'name' | 'newest';
  limit: number;
  offset: number;
  now: Date;
}

const e = directoryEntries;

export type DirectoryRow = {
  id: number;
  name: string;
  slug: string;
  businessType: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  createdAt: Date;
  hasSeal: boolean;
};

/** A substring search as a LIKE pattern on the lower-cased name, its wildcards taken literally. */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How many listed words one search word may stand for (the closest first). */
const ALTERNATIVES = 20;

/**
 * How many names the close spellings of one search word may bring to be ranked: its listed
 * spellings are taken closest first while the names using them stay within this (the closest one
 * always). Ranking a name computes its similarity to the whole search, about 10 µs each: a brand's
 * twenty spellings are some 700 names, a page's worth of the closest is a few hundred.
 */
const CANDIDATES = 250;

/**
 * Up to how many names the first tier ranks from the words index (the names holding a listed word
 * that contains a word of the search, checked against the whole search); past it the first tier
 * walks the name index instead, which finds a page of a common word within a few thousand entries.
 */
const WORD_HITS = 2000;

const dialect = new PgDialect();

/** pg_trgm's word-similarity threshold (`<%`), read from the session like the operator reads it. */
const threshold = sql`current_setting('pg_trgm.word_similarity_threshold')::real`;

/**
 * The directory reads its own table, `directory_entries` (one row per listed company, kept by
 * triggers), in two steps in one statement: the page's company ids (an index-only walk in the
 * page's order, filters checked on the index entries, stopping at the page's last row; or a bounded
 * set of names from the words index, sorted), then the shown columns for those ids only, through
 * `directory_shown`. Nothing counts every match.
 *
 * Relevance is two tiers: names containing the search (case-insensitive), by name; then names that
 * read like it (pg_trgm word similarity of the search to the name at or above the threshold),
 * closest first. The second tier runs only when the first cannot fill the page. Both start from
 * the dictionary of the listed names' words (`directory_words`, a few tens of thousands of rows,
 * trigram-indexed) and read names through the index of the names' words (`directory_entries_words`,
 * one short posting list per word), where the trigram index of a million names reads the posting
 * list of every trigram of the search, common ones included. The first tier asks it which listed
 * words contain each word of the search (`containing`); the second, which listed words each reads
 * like (`readsLike`), ranking only the names holding those.
 */
export function createDirectoryRepository(db: Db) {
  // drizzle's node-postgres database holds its pool as `$client`.
  const client = (db as Db & { $client: pg.Pool }).$client;

  /**
   * Runs a statement as a prepared statement of the connection (named after its text): planned once
   * per connection, where a page's statement otherwise spends longer in the planner than running.
   * The text depends only on which filters and which path a search takes; values are parameters.
   */
  async function query<T>(statement: SQL): Promise<T[]> {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const name = `directory_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params });
    return result.rows;
  }

  /**
   * The first tier's way to the names containing the search. A name contains it only when each of
   * the search's words (its runs of letters and digits, as `directory_words_array` splits a name)
   * lies inside one of the name's words, so the dictionary tells, for the search's words of three
   * letters or more, which listed words contain each and how many names use those. The word with
   * the fewest names decides: none, no name contains the search; a few, those names are read
   * through the words index and checked against the whole search; many, the name index is walked.
   */
  async function containing(q: string): Promise<'none' | 'walk' | { words: string[] }> {
    const runs = await query<{ entries: number; words: string[] | null }>(sql`
      select coalesce(d.entries, 0)::int as entries,
             case when d.entries <= ${WORD_HITS} then d.words end as words
        from directory_words_of(${q.toLowerCase()}) as r(run)
        cross join lateral (
          select sum(w.entries) as entries, array_agg(w.word) as words
            from ${directoryWords} w
           where w.word like '%' || r.run || '%'
        ) d
       where length(r.run) >= 3`);
    if (runs.length === 0) return 'walk';
    const rarest = runs.reduce((a, b) => (b.entries < a.entries ? b : a));
    if (rarest.entries === 0) return 'none';
    return rarest.words ? { words: rarest.words } : 'walk';
  }

  /**
   * The condition "the name reads like `q`" for the second tier: the name holds a listed word that
   * reads like one of the words carrying the search, and the whole name reads like the search.
   *
   * A name reads like the search when one stretch of it holds at least the threshold's share of the
   * search's trigrams, so the words that are left out (the most used ones first, so the fewest names
   * are ranked) must together hold less than that share: a name resembling only those cannot reach
   * it. A word of one or two letters is not looked up (it has no trigram to search a name by) and
   * counts as left out; when those alone reach the share, the names are searched by similarity.
   */
  async function readsLike(q: string): Promise<'similar' | 'none' | { words: string[]; share: number }> {
    const rows = await query<{
      word: string;
      trigrams: number;
      total: number;
      share: number;
      alternatives: string[];
      uses: number[];
      entries: number;
    }>(sql`
      select s.word, cardinality(show_trgm(s.word)) as trigrams,
             cardinality(show_trgm(lower(${q}))) as total, ${threshold} as share,
             coalesce(array_agg(d.word order by d.rank desc, d.word) filter (where d.word is not null), '{}') as alternatives,
             coalesce(array_agg(d.entries order by d.rank desc, d.word) filter (where d.word is not null), '{}') as uses,
             coalesce(sum(d.entries), 0)::int as entries
        from directory_words_of(lower(${q})) as s(word)
        left join lateral (
          select w.word, w.entries, word_similarity(s.word, w.word) as rank
            from ${directoryWords} w
           where length(s.word) >= 3 and s.word <% w.word
           order by rank desc, w.word
           limit ${ALTERNATIVES}
        ) d on true
       group by s.word`);
    // No letter or digit: nothing reads like it.
    if (rows.length === 0) return 'none';
    const { total, share } = rows[0]!;
    const short = rows.filter((row) => row.word.length < 3);
    let leftOut = short.reduce((sum, row) => sum + row.trigrams, 0);
    if (leftOut >= share * total) return 'similar';
    const carrying: typeof rows = [];
    for (const row of rows
      .filter((row) => row.word.length >= 3)
      .sort((a, b) => b.entries - a.entries || a.word.localeCompare(b.word))) {
      if (row.alternatives.length > 0 && leftOut + row.trigrams < share * total) leftOut += row.trigrams;
      else carrying.push(row);
    }
    const words: string[] = [];
    for (const row of carrying) {
      let names = 0;
      for (const [i, word] of row.alternatives.entries()) {
        names += row.uses[i]!;
        if (i > 0 && names > CANDIDATES) break;
        words.push(word);
      }
    }
    return words.length === 0 ? 'none' : { words, share };
  }

  /** The names holding one of `words` (the words index), as a condition. */
  const holding = (words: string[]) =>
    sql`directory_words_array(${e.nameKey}) && ${sql.param(words)}::text[]`;

  /** "The name reads like `q`" as a condition (see `readsLike`). */
  async function readsLikeCondition(q: string): Promise<SQL> {
    const close = await readsLike(q);
    if (close === 'none') return sql`false`;
    if (close === 'similar') return sql`${q} <% ${e.nameKey}`;
    return sql`(${holding(close.words)} and word_similarity(${q}, ${e.nameKey}) >= ${close.share}::real)`;
  }

  /**
   * One page of listed companies matching `conditions`, in `order`, with what the page shows.
   *
   * With `within`, only the names holding one of those words are read (the words index, whose
   * matches need no recheck), then checked against `contains` (a substring of the lower-cased name)
   * and sorted: a bounded set, read first so that neither a walk of a sorted index nor the trigram
   * index (whose posting lists for common trigrams are long) can stand in for it.
   */
  async function page(
    conditions: SQL[],
    order: 'name' | 'newest' | { similarTo: string },
    {
      limit,
      offset,
      now,
      within,
      contains,
    }: { limit: number; offset: number; now: Date; within?: string[] | undefined; contains?: string },
  ): Promise<DirectoryRow[]> {
    // The first step selects only columns of the index it walks, so the walk reads no table rows.
    const [columns, keys] =
      order === 'newest'
        ? [sql`${e.companyId}, ${e.sealUntil}, ${e.createdAt}`, ['created_at desc', 'company_id desc']]
        : order === 'name'
          ? [sql`${e.companyId}, ${e.sealUntil}, ${e.nameKey}`, ['name_key', 'company_id']]
          : [
              sql`${e.companyId}, ${e.sealUntil}, ${e.nameKey}, word_similarity(${order.similarTo}, ${e.nameKey}) as rank`,
              ['rank desc', 'name_key', 'company_id'],
            ];
    const inner = sql.raw(keys.join(', '));
    const where = and(...conditions) ?? sql`true`;
    const pageOf = within
      ? sql`hits as materialized (select ${columns} from ${e} where ${holding(within)} and ${where}),
            page as (select * from hits where ${contains === undefined ? sql`true` : sql`strpos(name_key, ${contains}) > 0`}
                     order by ${inner} limit ${limit} offset ${offset})`
      : sql`page as (select ${columns} from ${e}
                      where ${and(where, contains === undefined ? undefined : sql`strpos(${e.nameKey}, ${contains}) > 0`)}
                      order by ${inner} limit ${limit} offset ${offset})`;
    // The shown columns through `directory_shown` (migration 0025), whose plan the connection keeps.
    const rows = await query<Omit<DirectoryRow, 'createdAt'> & { createdAt: string }>(sql`
      with ${pageOf}
      select * from directory_shown(array(select company_id from page order by ${inner}),
                                    array(select seal_until > ${now} from page order by ${inner}))`);
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
  }

  return {
    /** What the page's filters offer: business types, segments, and the states of US and Canada. */
    async filterChoices() {
      const [types, segmentRows, stateRows] = await Promise.all([
        db
          .select({ id: businessTypes.id, name: businessTypes.name })
          .from(businessTypes)
          .orderBy(businessTypes.name),
        db.select({ id: segments.id, name: segments.name }).from(segments).orderBy(segments.name),
        db
          .select({ country: states.country, abbreviation: states.abbreviation, name: states.name })
          .from(states)
          .orderBy(states.country, states.name),
      ]);
      return { businessTypes: types, segments: segmentRows, states: stateRows };
    },

    async search(search: DirectorySearch): Promise<DirectoryRow[]> {
      const filters: SQL[] = [];
      if (search.businessTypeId !== undefined) filters.push(eq(e.businessTypeId, search.businessTypeId));
      if (search.state !== undefined) filters.push(eq(e.state, search.state));
      if (search.segmentId !== undefined) filters.push(sql`${search.segmentId}::int = any(${e.segmentIds})`);
      if (search.seal === true) filters.push(gt(e.sealUntil, search.now));
      if (search.seal === false) filters.push(or(isNull(e.sealUntil), lte(e.sealUntil, search.now))!);

      if (search.q === undefined || search.sort !== 'relevance') {
        if (search.q !== undefined) {
          const close = await readsLikeCondition(search.q);
          filters.push(sql`(${e.nameKey} like ${containsPattern(search.q)} or ${close})`);
        }
        return page(filters, search.sort === 'newest' ? 'newest' : 'name', search);
      }

      // Tier one: the names that contain the search.
      // A substring test the planner does not estimate from the names' statistics (a `like` is
      // matched against the name histogram's thousand values while planning); the path is chosen above.
      const needle = search.q.toLowerCase();
      const contains = sql`strpos(${e.nameKey}, ${needle}) > 0`;
      const path = await containing(search.q);
      const within = typeof path === 'object' ? path.words : undefined;
      const first =
        path === 'none' ? [] : await page(filters, 'name', { ...search, within, contains: needle });
      if (first.length === search.limit) return first;
      let before = search.offset + first.length;
      if (first.length === 0 && search.offset > 0 && path !== 'none') {
        // The page starts past the first tier: how many it holds (fewer than the offset).
        const [row] = await query<{ n: number }>(sql`
          select count(*)::int as n from (
            select 1 from ${e} where ${and(...(within ? [holding(within)] : []), ...filters, contains)}
             limit ${search.offset}) as first_tier`);
        before = row?.n ?? 0;
      }
      // Tier two: close spellings that do not contain it, closest first.
      const close = await readsLike(search.q);
      if (close === 'none') return first;
      const second = await page(
        [
          ...filters,
          close === 'similar'
            ? sql`${search.q} <% ${e.nameKey}`
            : sql`word_similarity(${search.q}, ${e.nameKey}) >= ${close.share}::real`,
          sql`strpos(${e.nameKey}, ${needle}) = 0`,
        ],
        { similarTo: search.q },
        {
          limit: search.limit - first.length,
          offset: Math.max(0, search.offset - before),
          now: search.now,
          ...(close === 'similar' ? {} : { within: close.words }),
        },
      );
      return [...first, ...second];
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
