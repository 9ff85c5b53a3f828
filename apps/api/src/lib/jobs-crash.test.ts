import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { coaUploads } from '../db/schema.ts';
import { createTestDatabase } from '../../test/build-test-app.ts';
import { runWorkerUntilKilled } from '../../test/crashed-worker.ts';
import { createCompany } from '../../test/factories.ts';
import { createTestServices } from '../../test/test-services.ts';
import { createPgBossQueue, type JobQueue } from './jobs.ts';
import { createLocalStorage } from './storage.ts';

const WORKER = fileURLToPath(new URL('../../test/fixtures/coa-crash-worker.ts', import.meta.url));

let testDb: { url: string; database: Database; drop(): Promise<void> };
let uploadsDir: string;
const queues: JobQueue[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-crash-'));
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await testDb.drop();
  await rm(uploadsDir, { recursive: true, force: true });
});

function jobsOn(queue: JobQueue, reads: string[]) {
  return createTestServices({
    database: testDb.database,
    jobs: queue,
    storage: createLocalStorage(uploadsDir),
    documentsJobs: {
      readCoaText: async (content) => {
        reads.push(content.toString());
        return 'CBD 0.01 0.03 1.2 %';
      },
    },
  }).jobs.documents.processCoas;
}

describe('a job whose worker process is killed (kill -9)', () => {
  it('runs again within a minute and keeps what the killed run saved', async () => {
    const storage = createLocalStorage(uploadsDir);
    const company = await createCompany(testDb.database.db);
    const items = [];
    for (const name of ['first', 'second', 'third']) {
      const key = storage.newKey();
      await storage.put(key, Readable.from(Buffer.from(name)));
      const item = { key, fileName: `${name}.pdf`, extension: 'pdf', status: 'PENDING' };
      items.push({ ...item, message: null, cannabinoids: {}, violations: [] });
    }
    const [upload] = await testDb.database.db
      .insert(coaUploads)
      .values({ companyId: company.id, total: 3, items })
      .returning();

    // The API's side: it only enqueues.
    const api = createPgBossQueue(testDb.url, () => undefined);
    queues.push(api);
    const processCoas = jobsOn(api, []);
    api.register([processCoas as never]);
    await api.start({ work: false });
    await api.enqueue(processCoas, { uploadId: upload!.id });

    await runWorkerUntilKilled(WORKER, [testDb.url, uploadsDir], 'stuck');
    const saved = async () =>
      (await testDb.database.db.select().from(coaUploads).where(eq(coaUploads.id, upload!.id)))[0]!;
    // The killed run had saved the first file's result before it stopped.
    expect((await saved()).processed).toBe(1);

    const reads: string[] = [];
    const survivor = createPgBossQueue(testDb.url, () => undefined, {
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    queues.push(survivor);
    survivor.register([jobsOn(survivor, reads) as never]);
    await survivor.start({ work: true });
    // 60 s: the heartbeat (15 s) going stale, the supervisor noticing, and the first retry delay.
    await expect
      .poll(async () => (await saved()).status, { timeout: 60_000, interval: 250 })
      .toBe('COMPLETED');

    const done = await saved();
    expect(done.processed).toBe(3);
    expect(
      (done.items as { fileName: string; status: string; cannabinoids: object }[]).map((item) => [
        item.fileName,
        item.status,
        item.cannabinoids,
      ]),
    ).toEqual([
      ['first.pdf', 'SUCCESS', { delta9Thc: 0.412 }],
      ['second.pdf', 'SUCCESS', { cbd: 1.2 }],
      ['third.pdf', 'SUCCESS', { cbd: 1.2 }],
    ]);
    // The retry resumed: the first file was not read again.
    expect(reads).toEqual(['second', 'third']);
    const job = await testDb.database.db.execute<{ state: string; retry_count: number }>(
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'documents.process-coas'`,
    );
    expect(job.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 120_000);
});
