import { scanSite } from '@trustleaf/scanner';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { complianceFindings, scanJobs, violationChecks } from '../../db/schema.ts';
import { createPgBossQueue, type JobQueue } from '../../lib/jobs.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { bearer, createMember, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startFixtureSite, type FixtureSite } from '../../../test/fixture-site.ts';
import { createTestServices } from '../../../test/test-services.ts';

/**
 * Scans on real pg-boss: the API only enqueues, two workers share the queue; a worker that dies
 * mid-scan (its handler never returns and its heartbeats stop) has the scan retried by the other,
 * stored once.
 */
let t: TestApp;
let site: FixtureSite;
const queues: JobQueue[] = [];

function worker(scan: typeof scanSite): JobQueue {
  const queue = createPgBossQueue(t.database.url, () => undefined, {
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
  });
  queue.register(
    createTestServices({
      env: {
        ...t.env,
        SCANNER_ALLOWED_HOSTS: [site.host],
        SCAN_TIME_LIMIT_SECONDS: 120,
        SCAN_MAX_PAGES: 100,
      },
      database: t.database,
      jobs: queue,
      clock: t.clock,
      storage: createLocalStorage(t.env.DATA_DIR),
      scan,
    }).jobs.all,
  );
  queues.push(queue);
  return queue;
}

beforeAll(async () => {
  site = await startFixtureSite();
  // The app registers its jobs while it is built, before its database (and so the queue) exists.
  const api = { current: null as JobQueue | null };
  const early: Parameters<JobQueue['register']>[0] = [];
  t = await buildTestApp({
    env: { SCANNER_ALLOWED_HOSTS: site.host },
    jobs: {
      register: (list) => (api.current ? api.current.register(list) : early.push(...list)),
      enqueue: (definition, payload, options) => api.current!.enqueue(definition, payload, options),
      start: (options) => api.current!.start(options),
      stop: () => api.current!.stop(),
    },
  });
  api.current = createPgBossQueue(t.database.url, () => undefined);
  queues.push(api.current);
  api.current.register(early);
});
afterAll(async () => {
  for (const queue of queues) await queue.stop().catch(() => undefined);
  await t.close();
  await site.close();
});

describe('scan workers on pg-boss', () => {
  it('retries the scan of a worker that died and stores its result once', async () => {
    const m = await createMember(t.database.db);
    const token = (await login(t.app, m.user.email)).accessToken;
    // The API process enqueues only.
    const definitions = createTestServices({
      env: { ...t.env, SCANNER_ALLOWED_HOSTS: [], SCAN_TIME_LIMIT_SECONDS: 1800, SCAN_MAX_PAGES: 100 },
      database: t.database,
      jobs: queues[0]!,
      clock: t.clock,
      storage: createLocalStorage(t.env.DATA_DIR),
    }).jobs;
    queues[0]!.register(definitions.all);
    await queues[0]!.start({ work: false });

    let started!: () => void;
    const hung = new Promise<void>((resolve) => (started = resolve));
    const dying = worker(async () => {
      started();
      return new Promise(() => undefined);
    });
    await dying.start({ work: true });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webcrawler/scanUrl',
      headers: bearer(token),
      payload: { plCompanyId: m.companyId, url: `${site.origin}/`, analyzeImage: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { jobId } = response.json().detail;
    await hung;
    // The worker dies: it stops polling and heartbeating; its handler never finishes.
    await dying.stop().catch(() => undefined);

    const survivor = worker(scanSite);
    await survivor.start({ work: true });
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(scanJobs).where(eq(scanJobs.id, jobId));
        expect(row!.status).toBe('completed');
      },
      { timeout: 90_000, interval: 500 },
    );
    const [row] = await t.database.db.select().from(scanJobs).where(eq(scanJobs.id, jobId));
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    const checks = await t.database.db
      .select()
      .from(violationChecks)
      .where(eq(violationChecks.scanJobId, jobId));
    expect(checks).toHaveLength(1);
    const findings = await t.database.db
      .select()
      .from(complianceFindings)
      .where(eq(complianceFindings.checkId, checks[0]!.id));
    const prints = findings.map((f) => f.fingerprint);
    expect(new Set(prints).size).toBe(prints.length);
    expect(findings.length).toBeGreaterThan(0);
  }, 120_000);
});
