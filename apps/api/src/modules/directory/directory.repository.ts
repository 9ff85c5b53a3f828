import { and, count, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businessTypes,
  companies,
  directoryEntries,
  directoryWords,
  segments,
  states,
  trustProfiles,
} from '../../db/schema.ts';

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

/** pg_trgm's word-similarity threshold (`<%`), read from the session like the operator reads it. */
const threshold = sql`current_setting('pg_trgm.word_similarity_threshold')::real`;

/**
 * The directory reads its own table, `directory_entries` (one row per listed company, kept by
 * triggers), in two steps in one statement: the page's company ids from one index (an index-only
 * walk in the page's order, filters checked on the index entries, stopping at the page's last row),
 * then the shown columns for those ids only. Nothing counts every match.
 *
 * Relevance is two tiers: names containing the search (case-insensitive), by name; then names that
 * read like it (pg_trgm word similarity of the search to the name at or above the threshold),
 * closest first. The second tier runs only when the first cannot fill the page, so a common word
 * (thousands of names) costs a walk of the name index. A name reads like the search through its
 * words, so the second tier first looks the search's words up in the dictionary of the listed
 * names' words (`directory_words`, a few tens of thousands of rows, trigram-indexed): each becomes
 * the few listed words it reads like, and only the names holding one of those are ranked, found
 * through the index of the names' words (`directory_entries_words`, one short posting list per
 * word; a similarity search on a million names' trigram index reads the posting list of every
 * trigram of the search, common ones included).
 */
export function createDirectoryRepository(db: Db) {
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
  async function readsLike(q: string): Promise<SQL> {
    const { rows } = await db.execute<{
      word: string;
      trigrams: number;
      total: number;
      share: number;
      alternatives: string[];
      entries: number;
    }>(sql`
      select s.word, cardinality(show_trgm(s.word)) as trigrams,
             cardinality(show_trgm(lower(${q}))) as total, ${threshold} as share,
             coalesce(array_agg(d.word order by d.rank desc, d.word) filter (where d.word is not null), '{}') as alternatives,
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
    if (rows.length === 0) return sql`false`;
    const { total, share } = rows[0]!;
    const short = rows.filter((row) => row.word.length < 3);
    let leftOut = short.reduce((sum, row) => sum + row.trigrams, 0);
    if (leftOut >= share * total) return sql`${q} <% ${e.nameKey}`;
    const carrying: typeof rows = [];
    for (const row of rows
      .filter((row) => row.word.length >= 3)
      .sort((a, b) => b.entries - a.entries || a.word.localeCompare(b.word))) {
      if (row.alternatives.length > 0 && leftOut + row.trigrams < share * total) leftOut += row.trigrams;
      else carrying.push(row);
    }
    const words = carrying.flatMap((row) => row.alternatives);
    if (words.length === 0) return sql`false`;
    return sql`(directory_words_array(${e.nameKey}) && array[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[] and word_similarity(${q}, ${e.nameKey}) >= ${threshold})`;
  }

  /** One page of listed companies matching `conditions`, in `order`, with what the page shows. */
  async function page(
    conditions: SQL[],
    order: 'name' | 'newest' | { similarTo: string },
    { limit, offset, now }: { limit: number; offset: number; now: Date },
  ): Promise<DirectoryRow[]> {
    // The first step selects only columns of the index it walks, so the walk reads no table rows.
    const [columns, inner, outer] =
      order === 'newest'
        ? [
            sql`${e.companyId}, ${e.sealUntil}, ${e.createdAt}`,
            sql`${e.createdAt} desc, ${e.companyId} desc`,
            sql`page.created_at desc, page.company_id desc`,
          ]
        : order === 'name'
          ? [
              sql`${e.companyId}, ${e.sealUntil}, ${e.nameKey}`,
              sql`${e.nameKey}, ${e.companyId}`,
              sql`page.name_key, page.company_id`,
            ]
          : [
              sql`${e.companyId}, ${e.sealUntil}, ${e.nameKey}, word_similarity(${order.similarTo}, ${e.nameKey}) as rank`,
              sql`rank desc, ${e.nameKey}, ${e.companyId}`,
              sql`page.rank desc, page.name_key, page.company_id`,
            ];
    const { rows } = await db.execute<Omit<DirectoryRow, 'createdAt'> & { createdAt: string }>(sql`
      with page as (
        select ${columns} from ${e} where ${and(...conditions) ?? sql`true`}
        order by ${inner} limit ${limit} offset ${offset}
      )
      select c.id, c.name, p.slug, b.name as "businessType", c.city, c.state, c.country,
             to_json(c.created_at) #>> '{}' as "createdAt", coalesce(page.seal_until > ${now}, false) as "hasSeal"
        from page
        join ${companies} c on c.id = page.company_id
        join ${trustProfiles} p on p.company_id = page.company_id
        left join ${businessTypes} b on b.id = c.business_type_id
       order by ${outer}`);
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
          const close = await readsLike(search.q);
          filters.push(sql`(${e.nameKey} like ${containsPattern(search.q)} or ${close})`);
        }
        return page(filters, search.sort === 'newest' ? 'newest' : 'name', search);
      }

      // Tier one: the names that contain the search.
      const contains = sql`${e.nameKey} like ${containsPattern(search.q)}`;
      const first = await page([...filters, contains], 'name', search);
      if (first.length === search.limit) return first;
      let before = search.offset + first.length;
      if (first.length === 0 && search.offset > 0) {
        // The page starts past the first tier: how many it holds (fewer than the offset).
        const [row] = await db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(e)
            .where(and(...filters, contains))
            .limit(search.offset)
            .as('first_tier'),
        );
        before = row?.n ?? 0;
      }
      // Tier two: close spellings that do not contain it, closest first.
      const second = await page(
        [...filters, await readsLike(search.q), sql`not (${contains})`],
        { similarTo: search.q },
        {
          limit: search.limit - first.length,
          offset: Math.max(0, search.offset - before),
          now: search.now,
        },
      );
      return [...first, ...second];
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
