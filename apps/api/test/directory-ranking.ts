import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';

/** The names a directory search answers with, in order, through the API. */
export async function searchNames(t: TestApp, q: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/directory/companies?${new URLSearchParams({ q }).toString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().detail.items as { name: string }[]).map((entry) => entry.name);
}

/**
 * The same search answered by ranking every one of `ids` (the names a search's second tier ranks):
 * the names containing it by name, then those reading like it at or above the threshold, closest first.
 */
export async function everyNameRanked(t: TestApp, q: string, ids: number[]): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ name: string }>(
    `select name from (
       select name, name_key, company_id, strpos(name_key, lower($1)) > 0 as contains,
              word_similarity($1, name_key) as rank
         from directory_entries where company_id = any($2)) e
      where contains or rank >= current_setting('pg_trgm.word_similarity_threshold')::real
      order by contains desc, case when contains then 1 else rank end desc, name_key, company_id`,
    [q, ids],
  );
  return rows.map((row) => row.name);
}
