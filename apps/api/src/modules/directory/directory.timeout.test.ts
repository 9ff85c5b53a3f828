import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

/**
 * The directory's safety net (issue 21): a search statement that runs past the directory's time
 * limit is cancelled by PostgreSQL and answered 503 UNAVAILABLE with a message, never a 500. The
 * search is held up without sleeping: another transaction locks the directory's tables (its entries,
 * and the word lists a search by relevance reads), and the search's wait for that lock runs into the
 * limit.
 */
let t: TestApp;
// Long enough that a search after the lock is released meets it on a loaded machine (one at 150 ms
// did not, once, on two cores shared with other work); the searches behind the lock wait it out.
const LIMIT_MS = 1000;

beforeAll(async () => {
  t = await buildTestApp({ env: { DIRECTORY_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) } });
});
afterAll(() => t.close());

const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/directory/companies?${query}` });

describe('a directory search past its time limit', () => {
  it('is answered 503 UNAVAILABLE with a message (the page too), and the next search runs normally', async () => {
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(
        'lock table directory_entries, directory_postings, directory_words in access exclusive mode',
      );
      for (const query of [
        'q=green+valley',
        'q=green+valley&sort=name',
        'q=green&sort=newest',
        'sort=name',
      ]) {
        const response = await search(query);
        expect(response.statusCode, query).toBe(503);
        const body = response.json();
        expect(body.code).toBe('UNAVAILABLE');
        expect(body.messages[0]).toMatch(/took too long/);
      }
      // The server-rendered page says so on the page, in the visitor's language, with the same status.
      const page = await t.app.inject({
        method: 'GET',
        url: '/directory?q=green+valley&sort=name&lang=fr',
      });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('Cette recherche a pris trop de temps.');
      await locker.query('rollback');
    } finally {
      await locker.end();
    }

    const response = await search('q=green+valley&sort=name');
    expect(response.statusCode, response.body).toBe(200);
    // The limit was set for the search's own transaction only: the pool's connections keep none.
    const clients = await Promise.all(Array.from({ length: 3 }, () => t.database.pool.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ statement_timeout: string }>('show statement_timeout');
        expect(rows[0]!.statement_timeout).toBe('0');
      }
    } finally {
      for (const client of clients) client.release();
    }
  });
});
