import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { enqueueScanAsApi, runWorkerUntilKilled } from '../../../test/crashed-worker.ts';
import { createMember } from '../../../test/factories.ts';
import { scanSnapshotSite, SNAPSHOT_SITE } from '../../../test/fixtures/snapshot-site.ts';
import { createTestServices } from '../../../test/test-services.ts';

const WORKER = fileURLToPath(new URL('../../../test/fixtures/snapshot-crash-worker.ts', import.meta.url));

let testDb: { url: string; database: Database; drop(): Promise<void> };
let dataDir: string;
const queues: JobQueue[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-snapshot-crash-'));
});
afterAll(async () => {
  for (const queue of queues) await queue.stop().catch(() => undefined);
  await testDb.drop();
  await rm(dataDir, { recursive: true, force: true });
});

function definitionsOn(queue: JobQueue) {
  return createTestServices({
    env: EnvSchema.parse({ NODE_ENV: 'test', SEED_DEMO: 'false', SCAN_SNAPSHOT_PAGES: '3' }),
    database: testDb.database,
    jobs: queue,
    storage: createLocalStorage(dataDir),
    scan: scanSnapshotSite,
  }).jobs;
}

/** Every image in Storage (keys are `day/uuid`). */
async function storedKeys(): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('a scan whose worker is killed in its snapshot pass', () => {
  it('leaves no image of the dead attempt in Storage once retried and swept, and keeps the retry’s', async () => {
    const db = testDb.database.db;
    const owner = await createMember(db);

    // The API's side: it only enqueues.
    const { queue: api, jobId } = await enqueueScanAsApi(testDb.url, definitionsOn, {
      companyId: owner.companyId,
      url: SNAPSHOT_SITE,
      isRescan: false,
    });
    queues.push(api);

    await runWorkerUntilKilled(WORKER, [testDb.url, dataDir], 'written');

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
    const deadStored = await storedKeys();
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
    const survivor = createPgBossQueue(testDb.url, () => undefined, {
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    queues.push(survivor);
    const survivorDefinitions = definitionsOn(survivor);
    survivor.register(survivorDefinitions.all);
    await survivor.start({ work: true });
    const jobRuns = async (name: string) =>
      (
        await db.execute<{ state: string; retry_count: number }>(
          sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${name}`,
        )
      ).rows;
    await expect
      .poll(() => jobRuns('webcrawler.scan'), { timeout: 90_000, interval: 250 })
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
    expect(await storedKeys()).toEqual([...deadStored, ...keptKeys].sort());

    // The hourly sweep, run through the queue as its schedule runs it.
    await survivor.enqueue(survivorDefinitions.removeReleasedSnapshots, {});
    await expect
      .poll(() => jobRuns('webcrawler.remove-released-snapshots'), { timeout: 30_000, interval: 250 })
      .toContainEqual({ state: 'completed', retry_count: 0 });

    // Storage holds exactly the images the findings reference.
    expect(await storedKeys()).toEqual(keptKeys);
    for (const key of deadStored) expect(existsSync(path.join(dataDir, key))).toBe(false);
    expect(await db.select().from(releasedSnapshotKeys)).toEqual([]);

    // The job delivered once more (pg-boss delivers at least once): nothing is taken or released again.
    await survivorDefinitions.webcrawler.runScan(jobId);
    expect(await snapshotRows()).toEqual(kept);
    expect(await storedKeys()).toEqual(keptKeys);
  }, 150_000);
});
