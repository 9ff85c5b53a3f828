import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { mailOutbox, scanJobs, violationCheckMails, violationChecks } from '../../db/schema.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { MailTransport, OutgoingMail } from '../../lib/mailer.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { createTestDatabase } from '../../../test/build-test-app.ts';
import { enqueueScanAsApi, runWorkerUntilKilled, startSurvivor } from '../../../test/crashed-worker.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestServices } from '../../../test/test-services.ts';
import { siteKeyOf } from './scan-job.ts';

const WORKER = fileURLToPath(new URL('../../../test/fixtures/rescan-mail-crash-worker.ts', import.meta.url));
const SITE = 'https://shop.example/';

let testDb: { url: string; database: Database; drop(): Promise<void> };
let dataDir: string;
const queues: JobQueue[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-mail-crash-'));
});
afterAll(async () => {
  for (const queue of queues) await queue.stop().catch(() => undefined);
  await testDb.drop();
  await rm(dataDir, { recursive: true, force: true });
});

function definitionsOn(queue: JobQueue, transport: MailTransport | null) {
  return createTestServices({
    database: testDb.database,
    jobs: queue,
    mailTransport: transport,
    storage: createLocalStorage(dataDir),
    // The killed worker stored the result: no later delivery of the job may scan again.
    scan: () => Promise.reject(new Error('the scan ran twice')),
  }).jobs;
}

describe('a re-scan whose worker is killed between storing its result and queueing its email', () => {
  it('sends the email exactly once after the job runs again', async () => {
    const db = testDb.database.db;
    const owner = await createMember(db);
    // The website's earlier scan: the re-scan's HIGH finding is new since it.
    await db.insert(violationChecks).values({
      companyId: owner.companyId,
      scanJobId: randomUUID(),
      url: SITE,
      siteKey: siteKeyOf(new URL(SITE)),
      checkTime: new Date(Date.now() - 8 * 864e5),
      pagesScanned: 1,
      productVerification: { authorizedProducts: [], unauthorizedProducts: [] },
    });

    // The scheduler's side: it only enqueues the re-scan.
    const { queue: api, jobId } = await enqueueScanAsApi(testDb.url, (queue) => definitionsOn(queue, null), {
      companyId: owner.companyId,
      url: SITE,
      isRescan: true,
    });
    queues.push(api);

    await runWorkerUntilKilled(WORKER, [testDb.url, dataDir], 'stored');

    // Killed after the commit, before any send was queued: result and outbox row stored, nothing queued.
    const [job] = await db.select().from(scanJobs).where(eq(scanJobs.id, jobId));
    expect(job).toMatchObject({ status: 'completed', violationCheckId: expect.any(Number) });
    const outbox = () => db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email));
    const written = await outbox();
    expect(written).toMatchObject([{ subject: `New high-severity findings on ${SITE}`, status: 'QUEUED' }]);
    expect(
      await db
        .select()
        .from(violationCheckMails)
        .where(eq(violationCheckMails.checkId, job!.violationCheckId!)),
    ).toEqual([{ checkId: job!.violationCheckId, outboxId: written[0]!.id }]);
    const sendJobs = async () =>
      (
        await db.execute<{ state: string }>(
          sql`SELECT state FROM pgboss.job WHERE name = 'mail.send' ORDER BY created_on`,
        )
      ).rows.map((r) => r.state);
    expect(await sendJobs()).toEqual([]);

    // Another worker takes the scan job again once the killed one's heartbeat stops.
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      deliver: async (message) => {
        sent.push(message);
      },
    };
    const { definitions: survivorDefinitions } = await startSurvivor(
      testDb.url,
      (queue) => definitionsOn(queue, transport),
      queues,
    );
    await expect
      .poll(async () => (await outbox())[0]!.status, { timeout: 90_000, interval: 250 })
      .toBe('SENT');
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [owner.user.email, `New high-severity findings on ${SITE}`],
    ]);
    const scanRuns = await db.execute<{ state: string; retry_count: number }>(
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'webcrawler.scan'`,
    );
    expect(scanRuns.rows).toEqual([{ state: 'completed', retry_count: 1 }]);

    // The send job finishes after the row is marked sent.
    await expect.poll(sendJobs, { timeout: 10_000, interval: 100 }).toEqual(['completed']);

    // The job delivered once more (pg-boss delivers at least once): nothing is queued or sent again.
    await survivorDefinitions.webcrawler.runScan(jobId);
    expect(await sendJobs()).toEqual(['completed']);
    expect(sent).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  }, 150_000);
});
