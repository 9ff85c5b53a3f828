import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businessTypes,
  companies,
  companyOnboarding,
  sealAttestations,
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

/**
 * The directory's one query: listed companies (a published trust profile) matching the search and
 * filters, one page in the chosen order. Search uses the trigram GIN index on the name (`ilike` and
 * pg_trgm's word similarity `<%` both use it); filters use the company indexes; the seal and segment
 * are per-row index probes, so no query reads more rows than it pages through.
 */
export function createDirectoryRepository(db: Db) {
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

    async search(search: DirectorySearch) {
      const liveSeal = sql<boolean>`exists (select 1 from ${sealAttestations} where ${sealAttestations.companyId} = ${companies.id} and ${sealAttestations.revokedAt} is null and ${sealAttestations.expiresAt} > ${search.now})`;
      const conditions: SQL[] = [eq(trustProfiles.published, true)];
      if (search.q !== undefined) {
        const pattern = `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(${companies.name} ilike ${pattern} or ${search.q} <% ${companies.name})`);
      }
      if (search.businessTypeId !== undefined)
        conditions.push(eq(companies.businessTypeId, search.businessTypeId));
      if (search.state !== undefined) conditions.push(eq(companies.state, search.state));
      if (search.segmentId !== undefined)
        conditions.push(
          sql`exists (select 1 from ${companyOnboarding} where ${companyOnboarding.companyId} = ${companies.id} and ${search.segmentId} = any(${companyOnboarding.segmentIds}))`,
        );
      if (search.seal === true) conditions.push(liveSeal);
      if (search.seal === false) conditions.push(sql`not ${liveSeal}`);

      const byName = [asc(sql`lower(${companies.name})`), asc(companies.id)];
      const order =
        search.sort === 'newest'
          ? [desc(companies.createdAt), desc(companies.id)]
          : search.sort === 'relevance' && search.q !== undefined
            ? [desc(sql`word_similarity(${search.q}, ${companies.name})`), ...byName]
            : byName;

      return db
        .select({
          id: companies.id,
          name: companies.name,
          slug: trustProfiles.slug,
          businessType: businessTypes.name,
          city: companies.city,
          state: companies.state,
          country: companies.country,
          createdAt: companies.createdAt,
          hasSeal: liveSeal,
        })
        .from(companies)
        .innerJoin(trustProfiles, eq(trustProfiles.companyId, companies.id))
        .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
        .where(and(...conditions))
        .orderBy(...order)
        .limit(search.limit)
        .offset(search.offset);
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
