import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  companyOnboarding,
  directoryWords,
  sealAttestations,
  trustProfiles,
} from '../../db/schema.ts';
import {
  bearer,
  createCompany,
  createMember,
  createSealAttestation,
  login,
} from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

/**
 * The public directory (issue 21): companies listed by publishing their trust profile, trigram name
 * search, filters, sorts and paging, over the JSON call and the server-rendered page.
 */
let t: TestApp;
const DAY = 864e5;
// Names in this file carry a word no other row has, so searches only meet these companies.
const TAG = `Zq${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL: 'https://directory.example.test' } });
});
afterAll(() => t.close());

type SealState = 'live' | 'revoked' | 'expired';

/** A company with a trust profile (published unless told), its segments and maybe a seal row. */
async function listed(
  name: string,
  options: {
    businessTypeId?: number;
    state?: string;
    segmentIds?: number[];
    seal?: SealState;
    published?: boolean;
    joinedDaysAgo?: number;
  } = {},
) {
  const db = t.database.db;
  const now = t.clock.now();
  const company = await createCompany(db, {
    name,
    businessTypeId: options.businessTypeId ?? 3,
    state: options.state ?? 'CO',
    city: 'Denver',
    createdAt: new Date(now.getTime() - (options.joinedDaysAgo ?? 10) * DAY),
  });
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${company.id}`;
  await db
    .insert(trustProfiles)
    .values({ companyId: company.id, slug, published: options.published ?? true });
  await db.insert(companyOnboarding).values({ companyId: company.id, segmentIds: options.segmentIds ?? [1] });
  if (options.seal) {
    await createSealAttestation(db, {
      companyId: company.id,
      issuedAt: new Date(now.getTime() - 2 * DAY),
      expiresAt: new Date(now.getTime() + (options.seal === 'expired' ? -DAY : 5 * DAY)),
      revokedAt: options.seal === 'revoked' ? now : null,
    });
  }
  return { id: company.id, slug, name };
}

interface Entry {
  plCompanyId: number;
  name: string;
  slug: string;
  profileUrl: string;
  hasSeal: boolean;
  businessType: string | null;
}

async function search(query: Record<string, string | number | boolean>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/directory/companies?${params.toString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail as { items: Entry[]; hasMore: boolean; sort: string; page: number };
}
const names = (page: { items: Entry[] }) => page.items.map((entry) => entry.name);

describe('the directory', () => {
  let green: Awaited<ReturnType<typeof listed>>;

  beforeAll(async () => {
    green = await listed(`Green Valley ${TAG} Hemp`, { seal: 'live', businessTypeId: 4, segmentIds: [2] });
    await listed(`Greenleaf ${TAG} Labs`, { businessTypeId: 7, state: 'OR', joinedDaysAgo: 1 });
    await listed(`Blue River ${TAG} Dispensary`, { seal: 'revoked', businessTypeId: 6, joinedDaysAgo: 30 });
    await listed(`Old Mill ${TAG} Farms`, {
      seal: 'expired',
      businessTypeId: 4,
      state: 'OR',
      segmentIds: [1, 2],
    });
    await listed(`Hidden ${TAG} Grower`, { published: false, seal: 'live' });
  });

  it('lists only companies that published their profile, by name, without signing in', async () => {
    const page = await search({ q: TAG });
    expect(page.sort).toBe('relevance');
    expect([...names(page)].sort()).toEqual(
      [
        `Blue River ${TAG} Dispensary`,
        `Green Valley ${TAG} Hemp`,
        `Greenleaf ${TAG} Labs`,
        `Old Mill ${TAG} Farms`,
      ].sort(),
    );
    const entry = page.items.find((e) => e.plCompanyId === green.id)!;
    expect(entry).toMatchObject({
      slug: green.slug,
      profileUrl: `https://directory.example.test/trust/${green.slug}`,
      businessType: 'Cultivator',
      hasSeal: true,
    });
    // Only the live seal counts: revoked and expired ones do not.
    expect(page.items.filter((e) => e.hasSeal).map((e) => e.name)).toEqual([green.name]);
  });

  it('finds a misspelt name by trigram similarity and puts the closest first', async () => {
    const typo = await search({ q: `Grean Valey ${TAG}` });
    expect(names(typo)[0]).toBe(green.name);
    // Names sharing the searched words match too; the one matching all of them comes first.
    const words = await search({ q: `${TAG} Lab` });
    expect(names(words)[0]).toBe(`Greenleaf ${TAG} Labs`);
    expect(names(words)).toHaveLength(4);
    expect((await search({ q: 'Qxzwvut nothing like it' })).items).toEqual([]);
    // Wildcards are text: a % in the search matches only a %.
    expect((await search({ q: '%_%' })).items).toEqual([]);
  });

  it('filters by business type, state, segment and seal, and combines them', async () => {
    expect(names(await search({ q: TAG, plBusinessTypeId: 4, sort: 'name' }))).toEqual([
      `Green Valley ${TAG} Hemp`,
      `Old Mill ${TAG} Farms`,
    ]);
    expect(names(await search({ q: TAG, state: 'or', sort: 'name' }))).toEqual([
      `Greenleaf ${TAG} Labs`,
      `Old Mill ${TAG} Farms`,
    ]);
    expect(names(await search({ q: TAG, plSegmentId: 2, sort: 'name' }))).toEqual([
      `Green Valley ${TAG} Hemp`,
      `Old Mill ${TAG} Farms`,
    ]);
    expect(names(await search({ q: TAG, seal: true }))).toEqual([`Green Valley ${TAG} Hemp`]);
    expect(names(await search({ q: TAG, seal: false, sort: 'name' }))).toHaveLength(3);
    expect(names(await search({ q: TAG, plBusinessTypeId: 4, state: 'OR', plSegmentId: 2 }))).toEqual([
      `Old Mill ${TAG} Farms`,
    ]);
    // Without a search: the filters alone, by name.
    const seals = await search({ seal: true, plBusinessTypeId: 4 });
    expect(seals.sort).toBe('name');
    expect(names(seals)).toContain(green.name);
  });

  it('sorts by name or newest member and pages with hasMore', async () => {
    expect(names(await search({ q: TAG, sort: 'newest' }))[0]).toBe(`Greenleaf ${TAG} Labs`);
    const first = await search({ q: TAG, sort: 'name', pageSize: 3 });
    expect(first.hasMore).toBe(true);
    expect(names(first)).toEqual([
      `Blue River ${TAG} Dispensary`,
      `Green Valley ${TAG} Hemp`,
      `Greenleaf ${TAG} Labs`,
    ]);
    const second = await search({ q: TAG, sort: 'name', pageSize: 3, page: 2 });
    expect(second).toMatchObject({ hasMore: false, page: 2 });
    expect(names(second)).toEqual([`Old Mill ${TAG} Farms`]);
  });

  it('drops a company the moment it withdraws its profile', async () => {
    const owner = await createMember(t.database.db);
    const token = (await login(t.app, owner.user.email)).accessToken;
    const renameTo = `Withdrawn ${TAG} Co`;
    await t.database.db.update(companies).set({ name: renameTo }).where(eq(companies.id, owner.companyId));
    const publish = (published: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trust/publishProfile',
        headers: bearer(token),
        payload: { plCompanyId: owner.companyId, published },
      });
    expect((await publish(true)).statusCode).toBe(200);
    expect(names(await search({ q: renameTo }))).toEqual([renameTo]);
    expect((await publish(false)).statusCode).toBe(200);
    expect(names(await search({ q: renameTo }))).toEqual([]);
  });

  it('ranks names containing the search before close spellings, and pages across both', async () => {
    // A made-up word no other row holds; the close spelling changes its last letter.
    const word = `Vq${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'k')}m`;
    await listed(`${word} Alpha`);
    await listed(`${word} Beta`);
    await listed(`X${word} Delta`);
    await listed(`${word.slice(0, -1)}z Gamma`);
    const containing = [`${word} Alpha`, `${word} Beta`, `X${word} Delta`];
    const close = `${word.slice(0, -1)}z Gamma`;
    expect(names(await search({ q: word }))).toEqual([...containing, close]);
    const first = await search({ q: word, pageSize: 2 });
    expect(first).toMatchObject({ hasMore: true, sort: 'relevance' });
    expect(names(first)).toEqual(containing.slice(0, 2));
    const second = await search({ q: word, pageSize: 2, page: 2 });
    expect(second.hasMore).toBe(false);
    expect(names(second)).toEqual([containing[2], close]);
    // A page past every name containing the search starts among the close spellings.
    expect(names(await search({ q: word, pageSize: 1, page: 4 }))).toEqual([close]);
    expect((await search({ q: word, pageSize: 2, page: 3 })).items).toEqual([]);
  });

  it('finds a word misspelt by a letter dropped or two letters swapped, alone or beside other words', async () => {
    // Made-up words no other name in this file reads like.
    const brand = 'Kavotemiralo';
    const meadow = await listed(`${brand} Meadow Farms`);
    const harvest = await listed(`${brand} Harvest Labs`);
    const dropped = 'Kavoteiralo';
    // pg_trgm's threshold takes a swap near either end of a word (one in the middle of a
    // twelve-letter word breaks four of its thirteen trigrams and reads as 0.53).
    const swapped = 'Kavotemiraol';
    // Each reads like the brand, which both names carry alike: by name.
    expect(names(await search({ q: dropped }))).toEqual([harvest.name, meadow.name]);
    expect(names(await search({ q: swapped.toUpperCase() }))).toEqual([harvest.name, meadow.name]);
    // One misspelt word beside a right one: the name holding both comes first; the other comes
    // after it while it still reads enough like the whole search (the right brand does, the
    // misspelt one does not).
    expect(names(await search({ q: `${brand} Meadw` }))).toEqual([meadow.name, harvest.name]);
    expect(names(await search({ q: `${dropped} Meadow` }))).toEqual([meadow.name]);
    expect(names(await search({ q: `Harvst ${swapped}` }))).toEqual([harvest.name]);
    // Sorted by name, a search still takes close spellings.
    expect(names(await search({ q: `${dropped} Meadow`, sort: 'name' }))).toEqual([meadow.name]);
  });

  it('finds a search inside a word and one running across words, as a part of the name', async () => {
    // The first tier finds names through the dictionary of their words (each word of the search
    // lies inside a word of the name), then checks the whole search: both must find the same names
    // a plain substring test on the name would.
    const word = `Qm${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'r')}v`;
    const inner = await listed(`Pre${word}post Orchard Labs`);
    const outer = await listed(`${word} Harbor Supply`);
    // Inside a word, and a whole word: by name.
    expect(names(await search({ q: word }))).toEqual([inner.name, outer.name]);
    expect(names(await search({ q: word.slice(1, -1).toUpperCase() }))).toEqual([inner.name, outer.name]);
    // From inside one word into the next, and into the one after: only the name holding all of it,
    // though the other holds its first word.
    expect(names(await search({ q: `${word.slice(3)}post orchard la` }))).toEqual([inner.name]);
    expect(names(await search({ q: `${word.slice(2)} harb` }))).toEqual([outer.name]);
  });

  it("ranks the close spellings of a search word closest first, each spelling's names by name, page after page", async () => {
    const db = t.database.db;
    /** `count` listed companies named `name`, in `state`, at once. */
    const many = async (name: string, count: number, state: string) => {
      const rows = await db
        .insert(companies)
        .values(Array.from({ length: count }, () => ({ name, state, country: 'US', businessTypeId: 3 })))
        .returning({ id: companies.id });
      await db
        .insert(trustProfiles)
        .values(rows.map(({ id }) => ({ companyId: id, slug: `cap-${id}`, published: true })));
      await db.insert(companyOnboarding).values(rows.map(({ id }) => ({ companyId: id, segmentIds: [1] })));
      return rows.map(({ id }) => id);
    };
    // A made-up nine-letter search word no listed name contains; its close spellings change its
    // last letter (word similarity 0.8, the closest) or its last two (0.7, still reads like it).
    // Always nine letters, and no z, which would make the two spellings one.
    const word = `Vq${Math.random()
      .toString(36)
      .slice(2, 8)
      .padEnd(6, 'w')
      .replace(/[0-9z]/g, 'w')}m`;
    const closest = `${word.slice(0, -1)}z Labs`;
    const farther = `${word.slice(0, -2)}zz Farms`;
    // 251 names use the closest spelling, 2 the farther one (the only ones in Vermont). Each
    // spelling's list is read in name order only as far as the page needs, so no spelling is left
    // out for the number of names the others hold.
    const closestIds = await many(closest, 251, 'CO');
    const fartherIds = await many(farther, 2, 'VT');
    expect(names(await search({ q: word, state: 'VT' }))).toEqual([farther, farther]);
    // No name contains the search: every page is of close spellings, the closest spelling's names
    // first, the second page following the first, the farther spelling's names after them.
    const first = await search({ q: word, pageSize: 50 });
    expect(first.hasMore).toBe(true);
    expect(first.items.map((entry) => entry.plCompanyId)).toEqual(closestIds.slice(0, 50));
    const second = await search({ q: word, pageSize: 50, page: 2 });
    expect(second.items.map((entry) => entry.plCompanyId)).toEqual(closestIds.slice(50, 100));
    const last = await search({ q: word, pageSize: 50, page: 6 });
    expect(last.hasMore).toBe(false);
    expect(last.items.map((entry) => entry.plCompanyId)).toEqual([...closestIds.slice(250), ...fartherIds]);
  });

  it('keeps the dictionary of listed words current as companies are listed, renamed and withdrawn', async () => {
    const db = t.database.db;
    const word = 'Bunatesikomu';
    const typo = 'Bunatsikomu';
    const entries = async (w: string) =>
      (
        await db.select({ n: directoryWords.entries }).from(directoryWords).where(eq(directoryWords.word, w))
      )[0]?.n ?? 0;
    expect(await entries(word.toLowerCase())).toBe(0);
    // Listed: its words are searchable at once.
    const first = await listed(`${word} Supply`);
    expect(names(await search({ q: typo }))).toEqual([first.name]);
    const second = await listed(`${word} Growers`);
    expect(await entries(word.toLowerCase())).toBe(2);
    expect(names(await search({ q: typo }))).toEqual([second.name, first.name]);

    // Withdrawn: counted once less; renamed away: the word goes with its last name.
    await db.update(trustProfiles).set({ published: false }).where(eq(trustProfiles.companyId, first.id));
    expect(await entries(word.toLowerCase())).toBe(1);
    const renamed = 'Gurifozuziga';
    await db
      .update(companies)
      .set({ name: `${renamed} Growers` })
      .where(eq(companies.id, second.id));
    expect(await entries(word.toLowerCase())).toBe(0);
    expect(await entries(renamed.toLowerCase())).toBe(1);
    expect(await entries('growers')).toBeGreaterThanOrEqual(1);
    expect((await search({ q: typo })).items).toEqual([]);
    expect(names(await search({ q: 'Gurifzuziga' }))).toEqual([`${renamed} Growers`]);
    // Deleted with its company: gone as well.
    await db.delete(companies).where(eq(companies.id, second.id));
    expect(await entries(renamed.toLowerCase())).toBe(0);
  });

  it('follows the company, its segments and its seals as they change', async () => {
    const db = t.database.db;
    // A word of its own, so no other name in this file reads like it.
    const word = `Fw${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x')}`;
    const company = await listed(`${word} Original`, { businessTypeId: 4, segmentIds: [1] });
    const find = async (query: Record<string, string | number | boolean> = {}) =>
      (await search({ q: `${word}`, ...query })).items.map((e) => `${e.name}:${e.hasSeal}`);
    expect(await find()).toEqual([`${word} Original:false`]);

    await db
      .update(companies)
      .set({ name: `${word} Renamed`, businessTypeId: 7, state: 'WA' })
      .where(eq(companies.id, company.id));
    expect(await find({ plBusinessTypeId: 7, state: 'WA' })).toEqual([`${word} Renamed:false`]);
    expect(await find({ plBusinessTypeId: 4 })).toEqual([]);

    await db
      .update(companyOnboarding)
      .set({ segmentIds: [2] })
      .where(eq(companyOnboarding.companyId, company.id));
    expect(await find({ plSegmentId: 2 })).toHaveLength(1);
    expect(await find({ plSegmentId: 1 })).toEqual([]);

    // A seal issued: listed with it until it ends or is revoked.
    const sealId = randomUUID();
    const now = t.clock.now();
    await createSealAttestation(db, {
      id: sealId,
      companyId: company.id,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 2 * DAY),
    });
    expect(await find({ seal: true })).toEqual([`${word} Renamed:true`]);
    t.clock.advance(3 * DAY);
    try {
      expect(await find({ seal: true })).toEqual([]);
      expect(await find({ seal: false })).toEqual([`${word} Renamed:false`]);
    } finally {
      t.clock.advance(-3 * DAY);
    }
    await db.update(sealAttestations).set({ revokedAt: now }).where(eq(sealAttestations.id, sealId));
    expect(await find()).toEqual([`${word} Renamed:false`]);

    // Withdrawn, then deleted with its company: gone both times.
    await db.update(trustProfiles).set({ published: false }).where(eq(trustProfiles.companyId, company.id));
    expect(await find()).toEqual([]);
    await db.update(trustProfiles).set({ published: true }).where(eq(trustProfiles.companyId, company.id));
    expect(await find()).toEqual([`${word} Renamed:false`]);
    await db.delete(companies).where(eq(companies.id, company.id));
    expect(await find()).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    const bad = async (query: string, message: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/directory/companies?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(response.json().messages)).toContain(message);
    };
    await bad('q=ab', 'at least 3 characters');
    await bad('sort=relevance', 'needs a search');
    await bad('pageSize=51', 'at most 50');
    await bad('page=101', 'at most 100');
    await bad('state=Colorado!', 'state abbreviation');
    await bad('plBusinessTypeId=x', 'whole number');
    await bad('seal=yes', 'true or false');
    await bad('page=0', 'at least 1');
    await bad('pageSize=0', 'at least 1');
    await bad('sort=popular', 'sort');
    await bad(`q=${'a'.repeat(101)}`, 'at most 100');
    await bad('plSegmentId=1.5', 'whole number');
    // Wildcards and markup in a search are text, never an error.
    expect((await search({ q: '%%%' })).items).toEqual([]);
    expect((await search({ q: '\\_\\', sort: 'newest' })).items).toEqual([]);
  });
});

describe('the directory page', () => {
  it('is rendered by the server, in the visitor’s language, linking to each trust profile', async () => {
    const company = await listed(`Sunrise ${TAG} Cultivation`, { seal: 'live' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/directory?q=${encodeURIComponent(`Sunrise ${TAG}`)}`,
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Annuaire des entreprises');
    expect(html).toContain(`href="/trust/${company.slug}?lang=fr"`);
    expect(html).toContain('Sceau vérifié');
    expect(html).not.toContain('<script');

    const dutch = await t.app.inject({ method: 'GET', url: '/directory?lang=nl&q=ab' });
    expect(dutch.statusCode).toBe(400);
    expect(dutch.body).toContain('Typ minstens 3 tekens');
    // Markup in the search is shown as text.
    const echoed = await t.app.inject({
      method: 'GET',
      url: `/directory?q=${encodeURIComponent('<b>x</b>y')}`,
    });
    expect(echoed.body).toContain('value="&lt;b&gt;x&lt;/b&gt;y"');
  });
});
