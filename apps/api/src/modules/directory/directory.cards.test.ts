import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessTypes, companies, directoryCards, trustProfiles } from '../../db/schema.ts';
import { createCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

/**
 * What a directory page shows comes from `directory_cards` (migration 0033), kept by the directory's
 * write path: a company's new name, city, country or business type shows on the very next page, a
 * withdrawn company has no card, and the cards always hold exactly the listed companies' columns.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Item = {
  plCompanyId: number;
  name: string;
  profileUrl: string;
  businessType: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  memberSince: string;
};

async function items(query: Record<string, string>): Promise<Item[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/directory/companies?${new URLSearchParams(query).toString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail.items as Item[];
}

/** Cards that the listed companies do not account for, and the other way round. */
async function strayCards() {
  const result = await t.database.pool.query<{ n: string }>(`
    with expected as (
      select c.id as company_id, c.name, p.slug, c.business_type_id, c.city, c.state, c.country, c.created_at
        from companies c join trust_profiles p on p.company_id = c.id and p.published),
    kept as (
      select company_id, name, slug, business_type_id, city, state, country, created_at from directory_cards)
    select count(*) as n from ((select * from kept except all select * from expected)
                               union all (select * from expected except all select * from kept)) d`);
  return Number(result.rows[0]!.n);
}

describe('the cards of the directory', () => {
  it('follow a company renamed, moved, retyped, withdrawn, listed again and deleted', async () => {
    const db = t.database.db;
    const company = await createCompany(db, {
      name: 'Vendralux Orchard Labs',
      businessTypeId: 3,
      city: 'Denver',
      state: 'CO',
      country: 'US',
    });
    await db
      .insert(trustProfiles)
      .values({ companyId: company.id, slug: `cards-${company.id}`, published: true });
    const typeName = async (id: number) =>
      (await db.select({ name: businessTypes.name }).from(businessTypes).where(eq(businessTypes.id, id)))[0]!
        .name;

    const [first] = await items({ q: 'Vendralux' });
    expect(first).toMatchObject({
      plCompanyId: company.id,
      name: 'Vendralux Orchard Labs',
      businessType: await typeName(3),
      city: 'Denver',
      state: 'CO',
      country: 'US',
    });
    expect(first!.profileUrl.endsWith(`/trust/cards-${company.id}`)).toBe(true);

    await db
      .update(companies)
      .set({ name: 'Vendralux Meadow Labs', city: 'Toronto', state: 'ON', country: 'CA', businessTypeId: 4 })
      .where(eq(companies.id, company.id));
    expect(await items({ q: 'Vendralux', sort: 'name' })).toMatchObject([
      {
        plCompanyId: company.id,
        name: 'Vendralux Meadow Labs',
        businessType: await typeName(4),
        city: 'Toronto',
        state: 'ON',
        country: 'CA',
      },
    ]);
    // A page without a search shows the card too.
    expect((await items({ state: 'ON' })).map((item) => item.city)).toContain('Toronto');
    expect(await strayCards()).toBe(0);

    const publish = (published: boolean) =>
      db.update(trustProfiles).set({ published }).where(eq(trustProfiles.companyId, company.id));
    await publish(false);
    expect(await items({ q: 'Vendralux' })).toEqual([]);
    const cardsOf = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(directoryCards)
          .where(eq(directoryCards.companyId, company.id))
      )[0]!.n;
    expect(await cardsOf()).toBe(0);
    await publish(true);
    expect((await items({ q: 'Vendralux' })).map((item) => item.city)).toEqual(['Toronto']);
    expect(await strayCards()).toBe(0);

    await db.delete(companies).where(eq(companies.id, company.id));
    expect(await items({ q: 'Vendralux' })).toEqual([]);
    expect(await cardsOf()).toBe(0);
    expect(await strayCards()).toBe(0);
  });

  it('are rebuilt set-based to the same rows the triggers keep', async () => {
    const db = t.database.db;
    const company = await createCompany(db, { name: 'Rebuilt Card Farms', city: 'Boulder' });
    await db
      .insert(trustProfiles)
      .values({ companyId: company.id, slug: `rebuilt-card-${company.id}`, published: true });
    const before = await strayCards();
    await t.database.pool.query('select directory_entries_rebuild()');
    expect(before).toBe(0);
    expect(await strayCards()).toBe(0);
    expect((await items({ q: 'Rebuilt Card' })).map((item) => item.city)).toEqual(['Boulder']);
  });
});
