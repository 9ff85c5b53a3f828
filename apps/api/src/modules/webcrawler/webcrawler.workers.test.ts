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

/** The API process's queue, started once: it enqueues only. */
let apiStarted: Promise<void> | null = null;
function startApi(): Promise<void> {
  apiStarted ??= (async () => {
    const definitions = createTestServices({
      env: { ...t.env, SCANNER_ALLOWED_HOSTS: [], SCAN_TIME_LIMIT_SECONDS: 1800, SCAN_MAX_PAGES: 100 },
      database: t.database,
      jobs: queues[0]!,
      clock: t.clock,
      storage: createLocalStorage(t.env.DATA_DIR),
    }).jobs;
    queues[0]!.register(definitions.all);
    await queues[0]!.start({ work: false });
  })();
  return apiStarted;
}

/** A worker that takes the next scan and dies in it: it stops polling and heartbeating, its handler never finishes. */
async function workerDyingInScan(): Promise<{ hung: Promise<void>; die: () => Promise<void> }> {
  let started!: () => void;
  const hung = new Promise<void>((resolve) => (started = resolve));
  const dying = worker(async () => {
    started();
    return new Promise(() => undefined);
  });
  await dying.start({ work: true });
  return { hung, die: () => dying.stop().catch(() => undefined) };
}

async function startScan(who: { token: string; companyId: number }): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webcrawler/scanUrl',
    headers: bearer(who.token),
    payload: { plCompanyId: who.companyId, url: `${site.origin}/`, analyzeImage: false },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail.jobId as string;
}

describe('scan workers on pg-boss', () => {
  it('retries the scan of a worker that died and stores its result once', async () => {
    const m = await createMember(t.database.db);
    const token = (await login(t.app, m.user.email)).accessToken;
    await startApi();

    const dying = await workerDyingInScan();
    const jobId = await startScan({ token, companyId: m.companyId });
    await dying.hung;
    await dying.die();

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
    await survivor.stop();
  }, 120_000);

  it('records a scan failed once pg-boss gives up on it (every attempt’s worker died mid-crawl)', async () => {
    const m = await createMember(t.database.db);
    const token = (await login(t.app, m.user.email)).accessToken;
    await startApi();

    // Three attempts (the first and pg-boss's two retries), each taken by a worker that dies in it.
    let jobId = '';
    for (const attempt of [1, 2, 3]) {
      const dying = await workerDyingInScan();
      if (attempt === 1) jobId = await startScan({ token, companyId: m.companyId });
      await dying.hung;
      await dying.die();
    }
    const scanRow = async () =>
      (await t.database.db.select().from(scanJobs).where(eq(scanJobs.id, jobId)))[0]!;
    expect(await scanRow()).toMatchObject({ status: 'running', attempts: 3 });

    // The last attempt's heartbeat stops: pg-boss fails the job for good and its dead letter job, run by
    // a worker, records the scan failed (it was shown as processing).
    const survivor = worker(scanSite);
    await survivor.start({ work: true });
    await vi.waitFor(async () => expect((await scanRow()).status).toBe('failed'), {
      timeout: 60_000,
      interval: 500,
    });
    expect(await scanRow()).toMatchObject({ attempts: 3, message: 'The scan could not be completed' });
    expect(
      await t.database.db.select().from(violationChecks).where(eq(violationChecks.scanJobId, jobId)),
    ).toEqual([]);
    const polled = await t.app.inject({
      method: 'POST',
      url: '/api/webcrawler/getScanUrlJob',
      headers: bearer(token),
      payload: { jobId },
    });
    expect(polled.statusCode, polled.body).toBe(200);
    expect(polled.json().detail.status).toBe('failed');
  }, 150_000);
});
