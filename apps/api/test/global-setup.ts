import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedReference } from '../src/db/seed.ts';
import { migrationsFolder } from '../src/runtime.ts';
import { dropDatabase } from './drop-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection URL whose database name the tests replace; the role may CREATE DATABASE. */
    adminUrl: string;
    templateDb: string;
    dbTarget: string;
  }
}

/**
 * Migrates one template database; each test file clones it (CREATE DATABASE … TEMPLATE …), so files
 * run in parallel on their own data (STYLE §6). TEST_DB_TARGET=external runs the same suite on
 * TEST_DATABASE_URL instead of the embedded engine.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DB_TARGET === 'external';
  let embedded: EmbeddedServer | null = null;
  let dataDir: string | null = null;
  let adminUrl: string;
  if (external) {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_TARGET=external needs TEST_DATABASE_URL');
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dataDir = await mkdtemp(path.join(process.cwd(), '.test-pg-'));
    const port = 55000 + Math.floor(Math.random() * 5000);
    embedded = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', stopReused: true });
    adminUrl = embedded.url;
  }
  // One template per vitest project (vitest.config.ts), each set up by this function.
  const templateDb = `trustleaf_template_${process.pid}_${project.name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDb}`;
  const database = createDatabase(templateUrl.toString(), 2);
  await runMigrations(database, migrationsFolder());
  await seedReference(database.db);
  await database.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('dbTarget', external ? 'external' : 'embedded');

  return async () => {
    if (external) {
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 't\\_${process.pid}\\_%' OR datname = $1`,
        [templateDb],
      );
      for (const row of leftovers.rows) await dropDatabase(adminUrl, row.datname);
    }
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
