import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOnboarding, trustProfiles } from '../../db/schema.ts';
import { createCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { everyNameRanked as rankedIn, searchNames } from '../../../test/directory-ranking.ts';

/**
 * The second tier of a search of several words (names reading like it, closest first) ranks the
 * names holding the close spellings `directory_close_words` picks by word similarity to the whole
 * search; before ranking, a bound sets aside the names that cannot reach the threshold (migration
 * 0034). What a search answers must be what ranking every one of those names answers.
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
    .values({ companyId: company.id, slug: `close-${company.id}`, published: true });
  await t.database.db.insert(companyOnboarding).values({ companyId: company.id, segmentIds: [1] });
  return company.id;
}

describe('a search of a brand and a word', () => {
  const names = {
    whole: 'Dazevoq Bloom Farms',
    wholeLonger: 'Dazevoq Bloomfield Labs',
    // The brand and none of the word's letters: cannot read like the search.
    none: 'Dazevoq Cedar Farms',
    // The brand and three of the word's trigrams in another word: reads like it.
    elsewhere: 'Dazevoq Loom Works',
    // A close spelling of the brand and the word.
    spelling: 'Dazevoqa Bloom Supply',
    // A close spelling of the brand and a "b" inside another word: ranked, below the threshold.
    letter: 'Dazevoqa Harbor Labs',
    before: 'Brisk Dazevoq Co',
    // A letter outside ASCII in the name.
    umlaut: 'Dazevoq Blüm Co',
  };
  let ids: number[];

  beforeAll(async () => {
    ids = [];
    for (const name of Object.values(names)) ids.push(await listed(name));
    // The word is the commoner (as a brand and a common word are): the search's second tier may
    // leave it out and ranks the names holding a spelling of the brand, the names `ids` holds.
    for (let i = 0; i < 12; i++) await listed(`Bloom Orchard Co`);
  });

  it('lists the names containing it, then every name reading like it, closest first', async () => {
    const answer = await search('Dazevoq Bloom');
    // Not the brand beside none of the word's letters (nor a "b" inside another word).
    expect(answer).toEqual([names.whole, names.wholeLonger, names.spelling, names.umlaut, names.elsewhere]);
    expect(answer).toEqual(await everyNameRanked('Dazevoq Bloom', ids));
  });

  it('answers as ranking every name for other words, a misspelt word, and letters outside ASCII', async () => {
    const searches = ['Dazevoq Loom', 'Dazevoq Blom', 'Dazevoqa Harbr', 'Dazevoq Blum'];
    // A search with a letter outside ASCII is ranked in full.
    searches.push('Dazevoq Bloom é', 'Dazevoqa Blöom', 'Dazevoq Bloom Café');
    for (const q of searches) {
      expect(await search(q), q).toEqual(await everyNameRanked(q, ids));
    }
    // A name that reads like the search through its other words only.
    expect(await search('Dazevoq Loom')).toContain(names.elsewhere);
  });

  it('finds the brand’s names when the word, typed with accents, reads like no listed word', async () => {
    // "blööm" reads like no listed word, so nothing carried the search once the brand was left
    // out to it (migration 0037): the brand's spellings now stand in.
    for (const q of ['Dazevoq Blööm', 'Dazevoq Blóóm']) {
      const answer = await search(q);
      expect(answer, q).toContain(names.whole);
      expect(answer, q).toEqual(await everyNameRanked(q, ids));
    }
  });
});
