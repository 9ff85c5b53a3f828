import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyOnboarding, directoryPostings, trustProfiles } from '../../db/schema.ts';
import { createCompany, createSealAttestation } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

/**
 * The word lists a search by relevance reads (`directory_postings`, migration 0031): kept by the
 * directory's write path, so a company renamed, withdrawn, listed again, moved or sealed leaves and
 * enters the results of the very next search, and the lists always hold exactly the words of the
 * listed names with their entries' filters.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function search(query: Record<string, string | boolean>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/directory/companies?${params.toString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().detail.items as { name: string; hasSeal: boolean }[]).map(
    (entry) => `${entry.name}${entry.hasSeal ? ' (seal)' : ''}`,
  );
}

/** Rows of directory_postings that the entries do not account for, and the other way round. */
async function strayPostings() {
  const result = await t.database.pool.query<{ n: string }>(`
    with expected as (
      select w.word, e.name_key, e.company_id, e.business_type_id, e.state, e.segment_ids, e.seal_until
        from directory_entries e, unnest(directory_words_array(e.name_key)) as w(word)),
    kept as (
      select word, name_key, company_id, business_type_id, state, segment_ids, seal_until from directory_postings)
    select count(*) as n from ((select * from kept except all select * from expected)
                               union all (select * from expected except all select * from kept)) d`);
  return Number(result.rows[0]!.n);
}

describe('the word lists of the directory', () => {
  it('follow a company renamed, withdrawn, listed again, moved, sealed and deleted, at once', async () => {
    const db = t.database.db;
    // Made-up words no other name holds; each misspelling drops one letter.
    const [before, beforeTypo] = ['Pelotravix', 'Pelotravx'];
    const [after, afterTypo] = ['Quorindelam', 'Quorindlam'];
    const company = await createCompany(db, {
      name: `${before} Orchard Labs`,
      businessTypeId: 3,
      state: 'CO',
    });
    await db
      .insert(trustProfiles)
      .values({ companyId: company.id, slug: `postings-${company.id}`, published: true });
    await db.insert(companyOnboarding).values({ companyId: company.id, segmentIds: [1] });

    expect(await search({ q: before })).toEqual([`${before} Orchard Labs`]);
    expect(await search({ q: beforeTypo })).toEqual([`${before} Orchard Labs`]);
    expect(await search({ q: `${before} orch` })).toEqual([`${before} Orchard Labs`]);

    await db
      .update(companies)
      .set({ name: `${after} Orchard Labs` })
      .where(eq(companies.id, company.id));
    expect(await search({ q: before })).toEqual([]);
    expect(await search({ q: beforeTypo })).toEqual([]);
    expect(await search({ q: after })).toEqual([`${after} Orchard Labs`]);
    expect(await search({ q: afterTypo })).toEqual([`${after} Orchard Labs`]);

    const publish = (published: boolean) =>
      db.update(trustProfiles).set({ published }).where(eq(trustProfiles.companyId, company.id));
    await publish(false);
    expect(await search({ q: after })).toEqual([]);
    expect(await search({ q: afterTypo })).toEqual([]);
    await publish(true);
    expect(await search({ q: after })).toEqual([`${after} Orchard Labs`]);

    // The filters the lists carry follow the company too.
    await db.update(companies).set({ state: 'WA' }).where(eq(companies.id, company.id));
    expect(await search({ q: after, state: 'CO' })).toEqual([]);
    expect(await search({ q: after, state: 'WA' })).toEqual([`${after} Orchard Labs`]);
    expect(await search({ q: after, seal: true })).toEqual([]);
    const now = t.clock.now();
    await createSealAttestation(db, {
      companyId: company.id,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 864e5),
    });
    expect(await search({ q: afterTypo, seal: true })).toEqual([`${after} Orchard Labs (seal)`]);
    expect(await strayPostings()).toBe(0);

    await db.delete(companies).where(eq(companies.id, company.id));
    expect(await search({ q: after })).toEqual([]);
    const left = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(directoryPostings)
      .where(eq(directoryPostings.companyId, company.id));
    expect(left[0]!.n).toBe(0);
    expect(await strayPostings()).toBe(0);
  });

  it('take a search with quotes and backslashes as text (its values go to the server as literals)', async () => {
    const db = t.database.db;
    const name = `O'Varnesk\\'s Hemp Co`;
    const company = await createCompany(db, { name });
    await db
      .insert(trustProfiles)
      .values({ companyId: company.id, slug: `quoted-${company.id}`, published: true });
    for (const sort of ['relevance', 'name', 'newest']) {
      expect(await search({ q: `o'varnesk\\'s`, sort })).toEqual([name]);
      expect(await search({ q: `varnesk\\'`, sort })).toEqual([name]);
      expect(await search({ q: `'; select 1; --`, sort })).toEqual([]);
    }
  });

  it('are rebuilt set-based to the same rows the triggers keep', async () => {
    const db = t.database.db;
    const company = await createCompany(db, { name: 'Rebuilt Meadow Farms' });
    await db
      .insert(trustProfiles)
      .values({ companyId: company.id, slug: `rebuilt-${company.id}`, published: true });
    const before = await strayPostings();
    await t.database.pool.query('select directory_postings_rebuild()');
    expect(before).toBe(0);
    expect(await strayPostings()).toBe(0);
    const { rows } = await t.database.pool.query<{ n: string }>(
      'select count(*) as n from directory_postings',
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});
