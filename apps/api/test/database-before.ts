import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { createDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { migrationsFolder } from '../src/runtime.ts';
import { dropDatabase } from './drop-database.ts';

/** An empty database of its own (not the migrated template), dropped by the returned function. */
export async function emptyDatabase(prefix = 'm'): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
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

/**
 * A database of its own with the migrations before the one whose tag starts with `tagPrefix` ('0039_'):
 * the database as it was before that migration, for a test that seeds it and migrates on. `close`
 * ends its pool and drops it.
 */
export async function databaseBefore(
  tagPrefix: string,
  namePrefix: string,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const target = await emptyDatabase(namePrefix);
  const database = createDatabase(target.url, 1);
  const close = async () => {
    await database.close();
    await target.drop();
  };
  const before = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  try {
    await cp(migrationsFolder(), before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag.startsWith(tagPrefix));
    expect(at).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    await runMigrations(database, before);
  } catch (error) {
    await close();
    throw error;
  } finally {
    await rm(before, { recursive: true, force: true });
  }
  return { database, close };
}
