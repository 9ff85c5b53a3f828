import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { businessTypes, directoryEntries, segments, states } from '../../db/schema.ts';

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

/**
 * Up to how many listed words tier one of a search by relevance reads the lists of (the first names
 * of each, as far as the page needs) when their names are more than `WORD_HITS`: a common word and
 * the few words holding it ("green", "evergreen"). More words than this (a fragment inside thousands
 * of brands) and the name index is walked instead, where such names are dense.
 */
const LIST_WORDS = 64;

const dialect = new PgDialect();

/**
 * The statement of a search by relevance: one text whatever the search (the filters are values,
 * null when not asked), written out once so that a search does not build it and name it again.
 */
const RELEVANCE = `select s.* from directory_search(
  $1::text, $2::int, $3::text, $4::int, $5::boolean, $6::timestamptz, $7::int, $8::int, $9::int,
  $10::int, $11::int, $12::int) f,
  directory_shown(f.page_ids, f.page_seals) s`;

/** Each statement text's prepared-statement name (a hash of the text), worked out once per text. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `directory_q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** PostgreSQL's SQLSTATE for a statement cancelled, here by `statement_timeout`. */
const QUERY_CANCELED = '57014';
/** PostgreSQL's SQLSTATE for a `PREPARE` of a name the connection already holds. */
const DUPLICATE_PREPARED = '42P05';

/** The statements each pooled connection has prepared (by name), for every repository on the pool. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/** A statement's value as an SQL literal for `EXECUTE` (the values a directory statement binds). */
function literal(connection: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error(`Not a finite number: ${value}`);
    return `'${String(value)}'`;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return connection.escapeLiteral(value);
  throw new Error(`A directory statement cannot bind a ${typeof value}`);
}

/**
 * A value the planner would otherwise estimate from (a limit, the search against the names'
 * statistics), read through a sub-select: a custom plan then costs what the generic one does, so
 * the connection keeps the generic plan after its first few runs instead of planning the statement
 * (several milliseconds) on every search.
 */
const opaque = (value: number | string, type: 'int' | 'text') => sql`(select ${value}::${sql.raw(type)})`;

/**
 * The directory reads its own table, `directory_entries` (one row per listed company, kept by
 * triggers), in two steps in one statement: the page's company ids (an index-only walk in the
 * page's order, filters checked on the index entries, stopping at the page's last row; or a bounded
 * set of names from the words index, sorted), then the shown columns for those ids only, through
 * `directory_shown`. Nothing counts every match.
 *
 * Relevance is two tiers: names containing the search (case-insensitive), by name; then names that
 * read like it (pg_trgm word similarity at or above the threshold), closest first. The second tier
 * runs only when the first cannot fill the page. Both start from the dictionary of the listed names'
 * words (`directory_words`, a few tens of thousands of rows): the first from a B-tree of the words'
 * tails (`directory_word_tails`, migration 0035), the second from the words' trigram index. A
 * search by relevance then reads the word lists of `directory_postings` (one B-tree list per word
 * in name order, with the filters: migration 0031) only as far as its page needs, all inside
 * `directory_search` (see `relevance`). A search by name or newest asks the dictionary which listed
 * words contain each word of the search (`directory_containing`) and which each reads like
 * (`directory_close_words`), and reads the names holding those through the index of the names'
 * words (`directory_entries_words`). Every statement is one round trip (see `query`).
 */
export function createDirectoryRepository(
  db: Db,
  {
    statementTimeoutMs = 2000,
  }: {
    /**
     * Longest a search statement may run (ms) before PostgreSQL cancels it and the search is
     * answered `UNAVAILABLE` (503): a safety net for a search the read model did not foresee.
     */
    statementTimeoutMs?: number;
  } = {},
) {
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 1) {
    throw new Error(`statementTimeoutMs must be a positive integer, got ${statementTimeoutMs}`);
  }
  // drizzle's node-postgres database holds its pool as `$client`.
  const client = (db as Db & { $client: pg.Pool }).$client;

  /**
   * Runs a statement as a prepared statement of the connection (named after its text): planned once
   * per connection, where a page's statement otherwise spends longer in the planner than running.
   * The text depends only on which filters and which path a search takes; values are parameters.
   * One round trip: `SET LOCAL statement_timeout` and `EXECUTE` (the first time on a connection,
   * `PREPARE` before it) sent as one simple query, which PostgreSQL runs as one implicit
   * transaction, so the limit holds for the search only and the pool's other users keep theirs.
   * The values go as SQL literals (`literal`). A cancelled statement is answered `UNAVAILABLE`,
   * never a 500.
   */
  async function query<T>(statement: SQL): Promise<T[]> {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return execute<T>(text, params);
  }

  /** `query` for a statement's text and values (see `query`). */
  async function execute<T>(text: string, params: unknown[]): Promise<T[]> {
    const name = statementName(text);
    const connection = await client.connect();
    let names = preparedOn.get(connection);
    if (names === undefined) preparedOn.set(connection, (names = new Set()));
    const values =
      params.length === 0 ? '' : `(${params.map((value) => literal(connection, value)).join(', ')})`;
    const run = async (prepare: boolean) => {
      const results = (await connection.query(
        `set local statement_timeout = ${statementTimeoutMs}; ${prepare ? `prepare ${name} as ${text}; ` : ''}execute ${name}${values}`,
      )) as unknown as pg.QueryResult<T & pg.QueryResultRow>[];
      return results[results.length - 1]!.rows;
    };
    try {
      let rows: T[];
      try {
        rows = await run(!names.has(name));
      } catch (error) {
        // Prepared by an earlier call whose answer was lost (an error after the PREPARE).
        if ((error as { code?: unknown }).code !== DUPLICATE_PREPARED) throw error;
        rows = await run(false);
      }
      names.add(name);
      return rows;
    } catch (error) {
      if ((error as { code?: unknown }).code === QUERY_CANCELED) {
        throw new AppError(
          'UNAVAILABLE',
          'The directory search took too long; narrow it (a longer name, a filter) or try again later',
        );
      }
      throw error;
    } finally {
      connection.release();
    }
  }

  /** The page's company ids and seals, shown through `directory_shown` (migration 0025). */
  async function shown(pageOf: SQL, order: SQL, now: Date): Promise<DirectoryRow[]> {
    // `directory_shown`'s plan is kept by the connection.
    const rows = await query<Omit<DirectoryRow, 'createdAt'> & { createdAt: string }>(sql`
      with ${pageOf}
      select * from directory_shown(array(select company_id from page order by ${order}),
                                    array(select seal_until > ${now} from page order by ${order}))`);
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
  }

  /**
   * One page of listed companies matching `conditions`, by name or newest, with what the page shows:
   * an index-only walk in the page's order (it selects only columns of the index it walks).
   */
  async function page(
    conditions: SQL[],
    order: 'name' | 'newest',
    { limit, offset, now }: { limit: number; offset: number; now: Date },
  ): Promise<DirectoryRow[]> {
    const [columns, keys] =
      order === 'newest'
        ? [sql`${e.companyId}, ${e.sealUntil}, ${e.createdAt}`, sql.raw('created_at desc, company_id desc')]
        : [sql`${e.companyId}, ${e.sealUntil}, ${e.nameKey}`, sql.raw('name_key, company_id')];
    const where = and(...conditions) ?? sql`true`;
    return shown(
      sql`page as (select ${columns} from ${e} where ${where} order by ${keys} limit ${limit} offset ${offset})`,
      keys,
      now,
    );
  }

  /**
   * A page of a search sorted by name or newest, in one statement: the names containing the search
   * and the names reading like it, each set found as the relevance search finds it (bounded by the
   * dictionary and the words index), the page cut from both in the page's order. Only a search
   * whose rarest word is used by more than `WORD_HITS` names walks an index in the page's order,
   * where such names are dense enough to fill a page within a few thousand entries. The names read
   * like a search of short words ('similar') come from the trigram index, as a materialized step:
   * left to itself the planner walks the index in the page's order, checking every name. A name
   * that contains the search is not also counted as reading like it.
   */
  async function sorted(
    q: string,
    filters: SQL[],
    order: 'name' | 'newest',
    { limit, offset, now }: { limit: number; offset: number; now: Date },
  ): Promise<DirectoryRow[]> {
    const needle = q.toLowerCase();
    const end = opaque(offset + limit, 'int');
    const where = and(...filters) ?? sql`true`;
    const [columns, keys] =
      order === 'newest'
        ? [sql.raw('company_id, seal_until, created_at'), sql.raw('created_at desc, company_id desc')]
        : [sql.raw('company_id, seal_until, name_key'), sql.raw('name_key, company_id')];
    const words = sql`directory_words_array(${e.nameKey})`;
    return shown(
      sql`tier_one as materialized (
            select path, words from directory_containing(${needle}, ${WORD_HITS}::int)),
          hits as materialized (
            select ${columns}, name_key as checked from ${e}
             where (select path from tier_one) = 'words' and ${words} && (select words from tier_one)
               and ${where}),
          tier_two as materialized (
            select kind, words, share from directory_close_words(${q}, ${ALTERNATIVES}::int, ${CANDIDATES}::int)),
          close_hits as materialized (
            select ${columns}, word_similarity(${q}, ${e.nameKey}) as rank from ${e}
             where (select kind from tier_two) = 'words' and ${words} && (select words from tier_two)
               and ${where} and strpos(${e.nameKey}, ${needle}) = 0),
          similar_hits as materialized (
            select ${columns} from ${e}
             where (select kind from tier_two) = 'similar' and ${opaque(q, 'text')} <% ${e.nameKey} and ${where}
               and strpos(${e.nameKey}, ${needle}) = 0),
          page as (
            select ${columns} from (
              (select ${columns} from hits where strpos(checked, ${needle}) > 0 order by ${keys} limit ${end})
              union all
              (select ${columns} from ${e}
                where (select path from tier_one) = 'walk' and ${where} and strpos(${e.nameKey}, ${needle}) > 0
                order by ${keys} limit ${end})
              union all
              (select ${columns} from close_hits where rank >= (select share from tier_two)
                order by ${keys} limit ${end})
              union all
              (select ${columns} from similar_hits order by ${keys} limit ${end})) matches
             order by ${keys} limit ${opaque(limit, 'int')} offset ${opaque(offset, 'int')})`,
      keys,
      now,
    );
  }

  /**
   * A page of a search by relevance: `directory_search` (migration 0031) finds the page's company ids
   * and seals from the word lists of `directory_postings`, and `directory_shown` what the page shows,
   * in one statement (one text whatever the filters: they are values, null when not asked).
   */
  async function relevance(q: string, search: DirectorySearch): Promise<DirectoryRow[]> {
    const { limit, offset, now } = search;
    const rows = await execute<Omit<DirectoryRow, 'createdAt'> & { createdAt: string }>(RELEVANCE, [
      q,
      search.businessTypeId ?? null,
      search.state ?? null,
      search.segmentId ?? null,
      search.seal ?? null,
      now,
      limit,
      offset,
      WORD_HITS,
      LIST_WORDS,
      ALTERNATIVES,
      CANDIDATES,
    ]);
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

      const order = search.sort === 'newest' ? 'newest' : 'name';
      if (search.q === undefined) return page(filters, order, search);
      if (search.sort === 'relevance') return relevance(search.q, search);
      return sorted(search.q, filters, order, search);
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
