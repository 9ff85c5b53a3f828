import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/database-before.ts';
import { migrationsFolder } from '../runtime.ts';
import { createDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

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
