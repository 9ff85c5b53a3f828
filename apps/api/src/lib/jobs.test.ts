import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, todayIn } from '@trustleaf/domain/rules/document-status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessTypes,
  companies,
  companyDocuments,
  documentTypes,
  mailOutbox,
  paymentTransactions,
  plans,
  releasedSnapshotKeys,
  sealAttestations,
} from '../db/schema.ts';
import { createDatabase } from '../db/client.ts';
import {
  bearer,
  createAcceptedLicence,
  createMember,
  login,
  saveTestCard,
  subscribeCompany,
} from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makePdf } from '../../test/pdf-fixture.ts';
import { createTestServices } from '../../test/test-services.ts';
import { createLocalStorage } from './storage.ts';
import {
  createInlineQueue,
  createPgBossQueue,
  crashRetryBoundSeconds,
  type JobDefinition,
  type JobQueue,
} from './jobs.ts';

const DAY = 86_400_000;
/** pg-boss's own timers at their shortest, so its scheduler passes every second instead of every 30. */
const FAST_TIMING = {
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
};

describe('queue policies', () => {
  it('retry every queue within a minute of a crash (heartbeat, supervisor, first retry delay)', () => {
    // Nothing connects: the pool opens a connection only for a query.
    const definitions = createTestServices({
      database: createDatabase('postgres://unused'),
      jobs: createInlineQueue(),
      storage: createLocalStorage('/nonexistent'),
    }).jobs;
    for (const definition of definitions.all) {
      expect(crashRetryBoundSeconds(definition.policy), definition.name).toBeLessThanOrEqual(60);
    }
  });

  it('refuses to schedule a job whose payload cannot be empty', () => {
    const queue = createPgBossQueue('postgres://unused', () => undefined);
    const job = {
      name: 'test.scheduled',
      payload: { safeParse: () => ({ success: false }) },
      policy: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 },
      cron: '* * * * *',
      handler: async () => undefined,
    } as unknown as JobDefinition<never>;
    expect(() => queue.register([job])).toThrow('scheduled job test.scheduled must accept an empty payload');
  });

  it('refuses to start with a dead letter job that is not registered or has one of its own', async () => {
    const job = (name: string, deadLetter?: string) =>
      ({
        name,
        payload: { safeParse: () => ({ success: true }) },
        policy: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60, deadLetter },
        handler: async () => undefined,
      }) as unknown as JobDefinition<never>;
    // Refused before anything connects.
    const missing = createPgBossQueue('postgres://unused', () => undefined);
    missing.register([job('test.work', 'test.gone')]);
    await expect(missing.start({ work: false })).rejects.toThrow(
      'job test.work names test.gone as its dead letter job, which is not registered',
    );
    const chained = createPgBossQueue('postgres://unused', () => undefined);
    chained.register([
      job('test.work', 'test.given-up'),
      job('test.given-up', 'test.other'),
      job('test.other'),
    ]);
    await expect(chained.start({ work: false })).rejects.toThrow(
      'dead letter job test.given-up cannot have a dead letter job of its own',
    );
  });
});

/**
 * The real app on a real pg-boss queue: set-up requests run their jobs inline until the queue starts,
 * then pg-boss's scheduler alone fires the scheduled jobs. Their expressions are moved to every minute
 * (the production ones fire at a quarter hour and at 13:00 UTC); a pass sends the occurrence of the
 * current minute, so each fires within a few seconds of the start.
 */
describe('scheduled jobs, fired by pg-boss', () => {
  let t: TestApp;
  const scheduled: string[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    const inline = createInlineQueue();
    let boss: JobQueue | null = null;
    let started = false;
    const queue: JobQueue = {
      register(definitions) {
        inline.register(definitions);
        boss!.register(
          definitions.map((definition) => {
            if (!definition.cron) return definition;
            scheduled.push(definition.name);
            return { ...definition, cron: '* * * * *' };
          }),
        );
      },
      enqueue: (definition, payload, options) =>
        started ? boss!.enqueue(definition, payload, options) : inline.enqueue(definition, payload),
      async start(options) {
        await boss!.start(options);
        started = true;
      },
      stop: () => boss!.stop(),
    };
    t = await buildTestApp({
      jobs: (url) => {
        boss = createPgBossQueue(url, (message) => logs.push(message), FAST_TIMING);
        return queue;
      },
    });
  });
  afterAll(async () => {
    await t.jobs.stop();
    await t.close();
  });

  const post = (url: string, payload: object, token: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  async function uploadLicence(token: string, companyId: number, expirationDate: string) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(makePdf(['State Cannabis License 402-00123']))]), 'l.pdf');
    const request = new Request('http://x', { method: 'POST', body: form });
    const stored = await t.app.inject({
      method: 'POST',
      url: `/api/storage/preupload?mode=document&plCompanyId=${companyId}`,
      headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const [licence] = await t.database.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(eq(documentTypes.name, 'State Cannabis License'));
    const created = await post(
      '/api/document/document',
      {
        plCompanyId: companyId,
        documentTypeId: licence!.id,
        uploadKey: stored.json().detail[0].key,
        expirationDate,
        licenseNumber: '402-00123',
        licenseCountry: 'US',
        licenseState: 'CO',
        licenseAddress: '120 Orchard Road, Boulder',
      },
      token,
    );
    expect(created.statusCode, created.body).toBe(200);
  }

  /**
   * A published company with a live seal resting on one accepted licence that expires in `days`
   * (a business type of its own requires exactly that licence).
   */
  // Each company's business type has an id of its own (two drawn at random once collided in CI).
  let sweepTypes = 0;
  async function sealedCompany(days: number) {
    const db = t.database.db;
    const businessTypeId = 9000 + ++sweepTypes;
    await db
      .insert(businessTypes)
      .values({ id: businessTypeId, name: 'Sweep Type', type: `SWEEP_${businessTypeId}`, segmentIds: [] });
    const [type] = await db
      .insert(documentTypes)
      .values({
        name: `Sweep Licence ${businessTypeId}`,
        licenseCheck: true,
        expirationCheck: true,
        dayPriorNotify: 0,
        businessTypeIds: [businessTypeId],
      })
      .returning();
    const owner = await createMember(db);
    await db.update(companies).set({ businessTypeId }).where(eq(companies.id, owner.companyId));
    await subscribeCompany(db, owner.companyId, 'Basic', t.clock.now());
    await createAcceptedLicence(db, {
      companyId: owner.companyId,
      uploadedBy: owner.user.id,
      documentTypeId: type!.id,
      expirationDate: addDays(todayIn(t.clock.now()), days),
    });
    const token = (await login(t.app, owner.user.email)).accessToken;
    const published = await post(
      '/api/trust/publishProfile',
      { plCompanyId: owner.companyId, published: true },
      token,
    );
    expect(published.json().detail.seal, published.body).not.toBeNull();
    return { companyId: owner.companyId, token };
  }

  const sealsOf = (companyId: number) =>
    t.database.db
      .select({ revokedReason: sealAttestations.revokedReason })
      .from(sealAttestations)
      .where(eq(sealAttestations.companyId, companyId));

  it('renews a due subscription, mails an expiry reminder and revokes a lapsed seal with no one calling a handler', async () => {
    const owner = await createMember(t.database.db);
    const token = (await login(t.app, owner.user.email)).accessToken;
    const saved = await saveTestCard(
      t.app,
      { companyId: owner.companyId, token },
      { ccnumber: '4242 4242 4242 4242', cvv: '592' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [basic] = await t.database.db.select().from(plans).where(eq(plans.name, 'Basic'));
    const subscribed = await post(
      '/api/subscription/startSubscription',
      { plCompanyId: owner.companyId, plPlanId: basic!.id, paymentFrequency: 'MONTHLY' },
      token,
    );
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    // The licence type reminds 30 days before expiry: after the month below it is 13 days away.
    await uploadLicence(token, owner.companyId, addDays(todayIn(t.clock.now()), 45));
    t.clock.advance(32 * DAY);
    // Two sealed companies; a reviewer then rejects the one licence of the first (nothing re-checks
    // its seal at that moment: no one views the profile).
    const lapsing = await sealedCompany(200);
    const lasting = await sealedCompany(200);
    await t.database.db
      .update(companyDocuments)
      .set({ reviewStatus: 'rejected' })
      .where(eq(companyDocuments.companyId, lapsing.companyId));

    // A snapshot image whose rows were deleted: the hourly sweep removes it from storage.
    const released = path.join(t.env.DATA_DIR, 'uploads', 'released-snapshot.png');
    await mkdir(path.dirname(released), { recursive: true });
    await writeFile(released, 'png');
    await t.database.db.insert(releasedSnapshotKeys).values({ storageKey: 'released-snapshot.png' });

    await t.jobs.start({ work: true });
    expect(scheduled).toEqual(
      expect.arrayContaining([
        'billing.renew-subscriptions',
        'billing.send-reminders',
        'documents.expiry-reminders',
        'trust.expire-seals',
        'webcrawler.remove-released-snapshots',
      ]),
    );
    await expect.poll(() => existsSync(released), { timeout: 30_000, interval: 250 }).toBe(false);

    const paid = () =>
      t.database.db
        .select()
        .from(paymentTransactions)
        .where(
          and(eq(paymentTransactions.companyId, owner.companyId), eq(paymentTransactions.status, 'Paid')),
        );
    await expect.poll(async () => (await paid()).length, { timeout: 30_000, interval: 250 }).toBe(2);
    // Mailed: the reminder went through the queue's mail.send job as well.
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select({ subject: mailOutbox.subject, status: mailOutbox.status })
              .from(mailOutbox)
              .where(eq(mailOutbox.to, owner.user.email))
          ).filter((mail) => mail.subject === 'State Cannabis License expires soon'),
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([{ subject: 'State Cannabis License expires soon', status: 'SENT' }]);
    // The seal sweep revoked the seal whose licence lapsed, with no one viewing the profile.
    await expect
      .poll(async () => await sealsOf(lapsing.companyId), { timeout: 30_000, interval: 250 })
      .toEqual([{ revokedReason: 'no-longer-eligible' }]);
    expect(await sealsOf(lasting.companyId)).toEqual([{ revokedReason: null }]);
    expect(logs.filter((line) => line.includes('invalid payload'))).toEqual([]);
  }, 90_000);
});
