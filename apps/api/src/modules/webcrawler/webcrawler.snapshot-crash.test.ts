import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import {
  complianceFindingSnapshots,
  complianceFindings,
  pendingSnapshotKeys,
  releasedSnapshotKeys,
  scanJobs,
  violationChecks,
} from '../../db/schema.ts';
import { createPgBossQueue, type JobQueue } from '../../lib/jobs.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { enqueueScanAsApi, runWorkerUntilKilled, startSurvivor } from '../../../test/crashed-worker.ts';
import { createMember } from '../../../test/factories.ts';
import { scanSnapshotSite, SNAPSHOT_SITE } from '../../../test/fixtures/snapshot-site.ts';
import { createTestServices } from '../../../test/test-services.ts';

const WORKER = fileURLToPath(new URL('../../../test/fixtures/snapshot-crash-worker.ts', import.meta.url));

/** A database and a Storage folder of one test (each test's queues see only its own jobs). */
interface Setup {
  url: string;
  database: Database;
  dataDir: string;
}

const drops: (() => Promise<void>)[] = [];
const queues: JobQueue[] = [];
afterAll(async () => {
  for (const queue of queues) await queue.stop().catch(() => undefined);
  for (const drop of drops) await drop();
});

async function setUp(): Promise<Setup> {
  const testDb = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-snapshot-crash-'));
  drops.push(async () => {
    await testDb.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { url: testDb.url, database: testDb.database, dataDir };
}

function definitionsOn(s: Setup, queue: JobQueue) {
  return createTestServices({
    env: EnvSchema.parse({ NODE_ENV: 'test', SEED_DEMO: 'false', SCAN_SNAPSHOT_PAGES: '3' }),
    database: s.database,
    jobs: queue,
    storage: createLocalStorage(s.dataDir),
    scan: scanSnapshotSite,
  }).jobs;
}

/** Every image in Storage (keys are `day/uuid`). */
async function storedKeys(dataDir: string): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The runs of a job in pg-boss's own table. */
async function jobRuns(s: Setup, name: string) {
  return (
    await s.database.db.execute<{ state: string; retry_count: number }>(
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${name}`,
    )
  ).rows;
}

/** A worker in this process, with pg-boss's timers at their shortest. */
const startSurvivorOn = (s: Setup) => startSurvivor(s.url, (queue) => definitionsOn(s, queue), queues);

/** A member's scan of the snapshot site, enqueued from the API's side (which only enqueues). */
async function enqueueSnapshotScan() {
  const s = await setUp();
  const db = s.database.db;
  const owner = await createMember(db);
  const { queue: api, jobId } = await enqueueScanAsApi(s.url, (queue) => definitionsOn(s, queue), {
    companyId: owner.companyId,
    url: SNAPSHOT_SITE,
    isRescan: false,
  });
  queues.push(api);
  return { s, db, jobId };
}

describe('a scan whose worker is killed in its snapshot pass', () => {
  it('leaves no image of the dead attempt in Storage once retried and swept, and keeps the retry’s', async () => {
    const { s, db, jobId } = await enqueueSnapshotScan();

    await runWorkerUntilKilled(WORKER, [s.url, s.dataDir], 'written');

    // Killed in the snapshot pass: the result is stored and waits for its snapshots; two images are
    // in Storage and a third was recorded before its write, none referenced.
    const [job] = await db.select().from(scanJobs).where(eq(scanJobs.id, jobId));
    expect(job).toMatchObject({ status: 'completed', attempts: 1, violationCheckId: expect.any(Number) });
    const checkId = job!.violationCheckId!;
    const check = async () =>
      (await db.select().from(violationChecks).where(eq(violationChecks.id, checkId)))[0]!;
    expect((await check()).snapshotsPending).toBe(true);
    const dead = await db.select().from(pendingSnapshotKeys).where(eq(pendingSnapshotKeys.scanJobId, jobId));
    expect(dead.map((k) => k.attempt)).toEqual([1, 1, 1]);
    const deadKeys = dead.map((k) => k.storageKey).sort();
    const deadStored = await storedKeys(s.dataDir);
    expect(deadStored).toHaveLength(2);
    expect(deadKeys).toEqual(expect.arrayContaining(deadStored));
    const snapshotRows = () =>
      db
        .select({ storageKey: complianceFindingSnapshots.storageKey, position: complianceFindings.position })
        .from(complianceFindingSnapshots)
        .innerJoin(complianceFindings, eq(complianceFindings.id, complianceFindingSnapshots.findingId))
        .where(eq(complianceFindings.checkId, checkId))
        .orderBy(complianceFindings.position);
    expect(await snapshotRows()).toEqual([]);

    // Another worker takes the scan job again once the killed one's heartbeat stops: it takes the
    // snapshots again and releases the dead attempt's images.
    const { survivor, definitions: survivorDefinitions } = await startSurvivorOn(s);
    await expect
      .poll(() => jobRuns(s, 'webcrawler.scan'), { timeout: 90_000, interval: 250 })
      .toEqual([{ state: 'completed', retry_count: 1 }]);

    expect((await check()).snapshotsPending).toBe(false);
    const kept = await snapshotRows();
    expect(kept.map((r) => r.position)).toEqual([0, 1, 2]);
    const keptKeys = [...new Set(kept.map((r) => r.storageKey))].sort();
    expect(keptKeys).toHaveLength(3);
    expect(keptKeys.filter((k) => deadKeys.includes(k))).toEqual([]);
    const [scanned] = await db.select().from(scanJobs).where(eq(scanJobs.id, jobId));
    expect(scanned!.attempts).toBe(2);
    // Nothing pending; the dead attempt's keys are released, their images still in Storage.
    expect(await db.select().from(pendingSnapshotKeys)).toEqual([]);
    const released = await db
      .select({ storageKey: releasedSnapshotKeys.storageKey })
      .from(releasedSnapshotKeys)
      .where(inArray(releasedSnapshotKeys.storageKey, deadKeys));
    expect(released.map((r) => r.storageKey).sort()).toEqual(deadKeys);
    expect(await storedKeys(s.dataDir)).toEqual([...deadStored, ...keptKeys].sort());

    // The hourly sweep, run through the queue as its schedule runs it.
    await survivor.enqueue(survivorDefinitions.removeReleasedSnapshots, {});
    await expect
      .poll(() => jobRuns(s, 'webcrawler.remove-released-snapshots'), { timeout: 30_000, interval: 250 })
      .toContainEqual({ state: 'completed', retry_count: 0 });

    // Storage holds exactly the images the findings reference.
    expect(await storedKeys(s.dataDir)).toEqual(keptKeys);
    for (const key of deadStored) expect(existsSync(path.join(s.dataDir, key))).toBe(false);
    expect(await db.select().from(releasedSnapshotKeys)).toEqual([]);

    // The job delivered once more (pg-boss delivers at least once): nothing is taken or released again.
    await survivorDefinitions.webcrawler.runScan(jobId);
    expect(await snapshotRows()).toEqual(kept);
    expect(await storedKeys(s.dataDir)).toEqual(keptKeys);
  }, 150_000);
});

describe('a scan whose every attempt dies in its snapshot pass', () => {
  it('ends once pg-boss gives up: the check no longer waits for snapshots, its findings have none and no image is left', async () => {
    const { s, db, jobId } = await enqueueSnapshotScan();
    // pg-boss's supervisor (every process runs one; the API's passes every 10 s), here every second.
    const supervisor = createPgBossQueue(s.url, () => undefined, {
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    queues.push(supervisor);
    supervisor.register(definitionsOn(s, supervisor).all);
    await supervisor.start({ work: false });

    // Every attempt pg-boss makes (3) is a worker process killed in the snapshot pass: the first after
    // storing the result, the retries in the pass they take again.
    const scanRow = async () => (await db.select().from(scanJobs).where(eq(scanJobs.id, jobId)))[0]!;
    for (const attempt of [1, 2, 3]) {
      await runWorkerUntilKilled(WORKER, [s.url, s.dataDir], 'written', 60_000);
      expect(await scanRow()).toMatchObject({ status: 'completed', attempts: attempt });
    }
    const checkId = (await scanRow()).violationCheckId!;
    const check = async () =>
      (await db.select().from(violationChecks).where(eq(violationChecks.id, checkId)))[0]!;
    expect((await check()).snapshotsPending).toBe(true);
    const dead = await db.select().from(pendingSnapshotKeys).where(eq(pendingSnapshotKeys.scanJobId, jobId));
    // Each attempt released the earlier ones' keys: the last one's are pending.
    expect(dead.map((k) => k.attempt)).toEqual([3, 3, 3]);
    const deadStored = await storedKeys(s.dataDir);
    expect(deadStored).toHaveLength(6);

    // The last attempt's heartbeat stops: pg-boss fails the scan job for good and sends its payload to
    // the dead letter job, which a worker runs.
    const { survivor, definitions } = await startSurvivorOn(s);
    await expect
      .poll(() => jobRuns(s, 'webcrawler.scan-given-up'), { timeout: 60_000, interval: 250 })
      .toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(await jobRuns(s, 'webcrawler.scan')).toEqual([{ state: 'failed', retry_count: 2 }]);

    // The scan keeps its result; the check no longer waits, and no finding has an image.
    expect(await scanRow()).toMatchObject({ status: 'completed', attempts: 3 });
    expect((await check()).snapshotsPending).toBe(false);
    const findings = await db
      .select()
      .from(complianceFindings)
      .where(eq(complianceFindings.checkId, checkId));
    expect(findings).toHaveLength(3);
    const referenced = await db
      .select()
      .from(complianceFindingSnapshots)
      .where(
        inArray(
          complianceFindingSnapshots.findingId,
          findings.map((f) => f.id),
        ),
      );
    expect(referenced).toEqual([]);
    // Every image of every attempt is released, none pending.
    expect(await db.select().from(pendingSnapshotKeys)).toEqual([]);
    const released = await db
      .select({ storageKey: releasedSnapshotKeys.storageKey })
      .from(releasedSnapshotKeys);
    expect(released).toHaveLength(9);
    expect(released.map((r) => r.storageKey)).toEqual(expect.arrayContaining(deadStored));

    // The hourly sweep, run through the queue as its schedule runs it, leaves Storage empty.
    await survivor.enqueue(definitions.removeReleasedSnapshots, {});
    await expect
      .poll(() => jobRuns(s, 'webcrawler.remove-released-snapshots'), { timeout: 30_000, interval: 250 })
      .toContainEqual({ state: 'completed', retry_count: 0 });
    expect(await storedKeys(s.dataDir)).toEqual([]);
    expect(await db.select().from(releasedSnapshotKeys)).toEqual([]);

    // The dead letter job delivered once more (pg-boss delivers at least once): nothing changes.
    await definitions.webcrawler.scanGivenUp.handler({ scanJobId: jobId });
    expect(await scanRow()).toMatchObject({ status: 'completed', attempts: 3 });
    expect((await check()).snapshotsPending).toBe(false);
    expect(await db.select().from(releasedSnapshotKeys)).toEqual([]);
  }, 240_000);
});
