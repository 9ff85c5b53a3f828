import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { dropDatabase } from '../../test/drop-database.ts';
import { migrationsFolder } from '../runtime.ts';
import { createDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

/** An empty database of its own (not the migrated template), dropped by the returned function. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const name = `m_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await dropDatabase(adminUrl, name);
    },
  };
}

describe('migrations', () => {
  it('apply on a pool of one connection, the one that holds the lock, and once only', async () => {
    const target = await emptyDatabase();
    const database = createDatabase(target.url, 1);
    try {
      const journal = JSON.parse(
        await readFile(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const applied = async () =>
        Number(
          (await database.pool.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations'))
            .rows[0]!.n,
        );
      await runMigrations(database, migrationsFolder());
      expect(await applied()).toBe(journal.entries.length);
      // The lock is released with the connection: a second run takes it again and applies nothing.
      await runMigrations(database, migrationsFolder());
      expect(await applied()).toBe(journal.entries.length);
      expect(
        (await database.pool.query("select to_regclass('public.directory_postings') as t")).rows[0]!.t,
      ).toBe('directory_postings');
    } finally {
      await database.close();
      await target.drop();
    }
  }, 60_000);
});
