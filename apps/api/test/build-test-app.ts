import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { EnvSchema, type Env } from '../src/config/env.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { createManualClock } from '../src/lib/clock.ts';
import { createInlineQueue, type JobQueue } from '../src/lib/jobs.ts';
import type { MailTransport } from '../src/lib/mailer.ts';
import { dropDatabase } from './drop-database.ts';

let counter = 0;

/** A fresh database cloned from the migrated template; dropped when `drop` is called. */
export async function createTestDatabase(): Promise<{
  url: string;
  database: Database;
  drop(): Promise<void>;
}> {
  const adminUrl = inject('adminUrl');
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase(url.toString(), 5);
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof createManualClock>;
  jobs: JobQueue;
  env: Env;
  /** The access tokens' signing key, for a second app on the same database. */
  tokenSecret: string;
  close(): Promise<void>;
}

/** The real app on real PostgreSQL; jobs run inline and mail stays in the outbox unless a transport is given. */
export async function buildTestApp(
  overrides: {
    env?: Partial<Record<keyof Env, string>>;
    mailTransport?: MailTransport;
    /** The queue, or a function that builds one on the test database (a real pg-boss queue). */
    jobs?: JobQueue | ((databaseUrl: string) => JobQueue);
    /** A logger to capture (e.g. to check redaction); tests are silent without one. */
    loggerInstance?: FastifyBaseLogger;
    documentsJobs?: AppDeps['documentsJobs'];
    /** Replaces the scanner library's scanSite in scan jobs. */
    scan?: AppDeps['scan'];
    /** A folder standing in for the built SPA. */
    webDist?: string;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-test-'));
  // Snapshots (Chromium) only where a test asks for them with SCAN_SNAPSHOT_PAGES.
  const env = EnvSchema.parse({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    SCAN_SNAPSHOT_PAGES: '0',
    ...overrides.env,
  });
  const clock = createManualClock(new Date());
  const tokenSecret = randomBytes(32).toString('hex');
  const jobs =
    typeof overrides.jobs === 'function'
      ? overrides.jobs(testDb.url)
      : (overrides.jobs ?? createInlineQueue());
  const app = await buildApp({
    env,
    database: testDb.database,
    jobs,
    mailTransport: overrides.mailTransport ?? null,
    clock,
    tokenSecret,
    releaseDate: '2026-11-22',
    ...(overrides.loggerInstance ? { loggerInstance: overrides.loggerInstance } : {}),
    ...(overrides.documentsJobs ? { documentsJobs: overrides.documentsJobs } : {}),
    ...(overrides.scan ? { scan: overrides.scan } : {}),
    ...(overrides.webDist ? { webDist: overrides.webDist } : {}),
  });
  await app.ready();
  return {
    app,
    database: testDb.database,
    clock,
    jobs,
    env,
    tokenSecret,
    async close() {
      await app.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
