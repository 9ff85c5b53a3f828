import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProfiles } from '../../db/schema.ts';
import { createCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { everyNameRanked as rankedIn, searchNames } from '../../../test/directory-ranking.ts';

/**
 * Tier two of a search of several words ranks a name holding a farther close spelling of the
 * brand only when it holds enough of the search's other letters to reach the threshold (a count,
 * migration 0036; 0034 asked for one of them). What a search answers must still be what ranking
 * every one of those names answers, for names holding none, a few and most of the other word.
 */
let t: TestApp;
const search = (q: string) => searchNames(t, q);
const everyNameRanked = (q: string, ids: number[]) => rankedIn(t, q, ids);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function listed(name: string) {
  const company = await createCompany(t.database.db, { name });
  await t.database.db
    .insert(trustProfiles)
    .values({ companyId: company.id, slug: `counted-${company.id}`, published: true });
  return company.id;
}

describe('a search of a brand and a word, through a farther spelling of the brand', () => {
  // "vorlantik" holds 8 of the 10 trigrams of "vorlantiq": a name holding it needs three of
  // "meadow"'s to reach the threshold of "vorlantiq meadow", "vorlantiq" itself one.
  const names = [
    'Vorlantik Meadow Farms',
    'Vorlantik Meadows Co',
    'Vorlantik Mead Co',
    'Vorlantik Meow Supply',
    'Vorlantik Moss Labs',
    'Vorlantik Adobe Works',
    'Vorlantik Cedar Farms',
    'Vorlantiq Dow Labs',
    'Vorlantiq Mead Farms',
    'Vorlantiq Cedar Co',
    'Vorlanti Meadow Co',
    'Vorlantik Meadöw Co',
  ];
  let ids: number[];

  beforeAll(async () => {
    ids = [];
    for (const name of names) ids.push(await listed(name));
    // The word is the commoner: tier two leaves it out and ranks the names of the brand's spellings.
    for (let i = 0; i < 12; i++) await listed('Meadow Orchard Co');
  });

  it('answers as ranking every name of the spellings', async () => {
    const searches = [
      'Vorlantiq Meadow',
      'Vorlantik Meadow',
      'Vorlantiq Meadw',
      'Vorlantiq Mead',
      'Vorlantiq Adobe',
    ];
    for (const q of searches) expect(await search(q), q).toEqual(await everyNameRanked(q, ids));
    // The farther spelling's names that hold enough of the word are found; those that do not are not.
    const answer = await search('Vorlantiq Meadow');
    expect(answer).toContain('Vorlantik Meadow Farms');
    expect(answer).not.toContain('Vorlantik Moss Labs');
    expect(answer).not.toContain('Vorlantik Cedar Farms');
  });
});
