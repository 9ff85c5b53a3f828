import { and, count, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businessTypes,
  companies,
  directoryEntries,
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

/**
 * The directory reads its own table, `directory_entries` (one row per listed company, kept by
 * triggers), in two steps in one statement: the page's company ids from one index (an index-only
 * walk in the page's order, filters checked on the index entries, stopping at the page's last row),
 * then the shown columns for those ids only. Nothing counts every match.
 *
 * Relevance is two tiers: names containing the search (case-insensitive), by name; then names with a
 * word that reads like it (pg_trgm word similarity, `<%`, through the trigram GIN index), closest
 * first. The second tier runs only when the first cannot fill the page, so a common word (thousands
 * of names) costs a walk of the name index and a rare or misspelt one a trigram index lookup.
 */
export function createDirectoryRepository(db: Db) {
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
          filters.push(sql`(${e.nameKey} like ${containsPattern(search.q)} or ${search.q} <% ${e.nameKey})`);
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
        [...filters, sql`${search.q} <% ${e.nameKey}`, sql`not (${contains})`],
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
