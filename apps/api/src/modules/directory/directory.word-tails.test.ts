import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, trustProfiles } from '../../db/schema.ts';
import { createCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

/**
 * The tails of the dictionary's words (`directory_word_tails`, migration 0035), from which tier one
 * of a search finds the listed words a search word lies in (inside, at the start, at the end, or the
 * whole word): kept with the dictionary as names come and go, rebuilt set-based to the same rows,
 * and answering as the dictionary's `LIKE` did.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function search(q: string, sort = 'relevance') {
  const params = new URLSearchParams({ q, sort });
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/directory/companies?${params.toString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().detail.items as { name: string }[]).map((entry) => entry.name);
}

async function list(name: string) {
  const company = await createCompany(t.database.db, { name });
  await t.database.db
    .insert(trustProfiles)
    .values({ companyId: company.id, slug: `tails-${company.id}`, published: true });
  return company;
}

/** Tails the dictionary's words do not account for, and the other way round. */
async function strayTails() {
  const { rows } = await t.database.pool.query<{ n: string }>(`
    with expected as (
      select w.word, i as at, substr(w.word, i) as tail
        from directory_words w, generate_series(1, length(w.word)) as i),
    kept as (select word, at, tail from directory_word_tails)
    select count(*) as n from ((select * from kept except all select * from expected)
                               union all (select * from expected except all select * from kept)) d`);
  return Number(rows[0]!.n);
}

/** The listed words the dictionary's LIKE finds for a pattern, and those the tails find. */
async function wordsBoth(run: string, starts: boolean, ends: boolean) {
  const pattern = `${starts ? '' : '%'}${run}${ends ? '' : '%'}`;
  const { rows } = await t.database.pool.query<{ like: string[] | null; tails: string[] | null }>(
    `select (select array_agg(word order by word) from directory_words where word like $1) as like,
            (select array_agg(distinct t.word order by t.word) from directory_word_tails t
              where (t.tail collate "C") >= $2 and (t.tail collate "C") < $2 || chr(1114111)
                and (not $4::boolean or t.tail = $2) and (not $3::boolean or t.at = 1)) as tails`,
    [pattern, run, starts, ends],
  );
  return rows[0]!;
}

describe('the tails of the directory words', () => {
  it('follow the words a name brings and takes away', async () => {
    const company = await list('Zentrovalix Orchard Labs');
    expect(await strayTails()).toBe(0);
    const tailsOf = async (word: string) =>
      (
        await t.database.pool.query<{ tail: string }>(
          'select tail from directory_word_tails where word = $1 order by at',
          [word],
        )
      ).rows.map((row) => row.tail);
    expect(await tailsOf('zentrovalix')).toEqual([
      'zentrovalix',
      'entrovalix',
      'ntrovalix',
      'trovalix',
      'rovalix',
      'ovalix',
      'valix',
      'alix',
      'lix',
      'ix',
      'x',
    ]);

    await t.database.db
      .update(companies)
      .set({ name: 'Quilbermont Orchard Labs' })
      .where(eq(companies.id, company.id));
    expect(await tailsOf('zentrovalix')).toEqual([]);
    expect((await tailsOf('quilbermont'))[0]).toBe('quilbermont');
    expect(await strayTails()).toBe(0);
    expect(await search('bermont')).toEqual(['Quilbermont Orchard Labs']);
    expect(await search('trovalix')).toEqual([]);

    await t.database.db.delete(companies).where(eq(companies.id, company.id));
    expect(await tailsOf('quilbermont')).toEqual([]);
    expect(await strayTails()).toBe(0);
  });

  it('find the words inside, at the start, at the end and whole, as LIKE does', async () => {
    for (const name of [
      'Lovarend Lovarend Farms',
      'Arendlov Greenery',
      'Evergreen Lovar Co',
      'Lo Vare Supply',
    ])
      await list(name);
    for (const run of ['lov', 'arend', 'green', 'greene', 'evergreen', 'lo', 'o', 'x', 'lovarendz'])
      for (const starts of [false, true])
        for (const ends of [false, true]) {
          const { like, tails } = await wordsBoth(run, starts, ends);
          expect(tails, `${run} starts ${starts} ends ${ends}`).toEqual(like);
        }
    // A word after a separator is the start of a listed word, before one its end: the names holding
    // the search come first.
    expect((await search('lovarend farms'))[0]).toBe('Lovarend Lovarend Farms');
    expect((await search('arend lov'))[0]).toBe('Lovarend Lovarend Farms');
    expect((await search('arendlov gree'))[0]).toBe('Arendlov Greenery');
    expect((await search('green lov'))[0]).toBe('Evergreen Lovar Co');
    expect((await search('lo vare'))[0]).toBe('Lo Vare Supply');
    expect(await search('greenery', 'name')).toEqual(['Arendlov Greenery']);
  });

  it('are rebuilt set-based to the same rows the triggers keep', async () => {
    await list('Rebuilt Tailwood Farms');
    expect(await strayTails()).toBe(0);
    await t.database.pool.query('select directory_words_rebuild()');
    expect(await strayTails()).toBe(0);
    const { rows } = await t.database.pool.query<{ n: string }>(
      "select count(*) as n from directory_word_tails where word = 'tailwood'",
    );
    expect(Number(rows[0]!.n)).toBe('tailwood'.length);
  });
});
