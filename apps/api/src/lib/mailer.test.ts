import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { createPgBossQueue } from './jobs.ts';
import { createMailer, createMailSendJob, createSmtpTransport, type MailTransport } from './mailer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback; what arrives is what a receiving server would see. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let testDb: { url: string; database: Database; drop(): Promise<void> };
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('mail.send job', () => {
  it('delivers queued mail through SMTP via the pg-boss queue and marks it sent', async () => {
    const smtp = await startSmtp();
    const queue = createPgBossQueue(testDb.url, () => undefined);
    try {
      const transport = createSmtpTransport(
        `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        'Trustleaf <no-reply@trustleaf.test>',
      );
      const job = createMailSendJob(testDb.database.db, transport, () => undefined);
      queue.register([job as never]);
      await queue.start({ work: true });
      const mailer = createMailer(testDb.database.db, queue, job);
      const id = await mailer.send({
        to: 'owner@example.test',
        subject: 'Your document was reviewed',
        text: 'It was accepted.',
        html: '<p>It was accepted.</p>',
      });
      await expect
        .poll(
          async () =>
            (await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.status,
          {
            timeout: 20_000,
            interval: 200,
          },
        )
        .toBe('SENT');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['owner@example.test']);
      expect(smtp.received[0]!.raw).toContain('Subject: Your document was reviewed');
      expect(smtp.received[0]!.raw).toContain(`Message-ID: <outbox-${id}@trustleaf>`);
    } finally {
      await queue.stop();
      await smtp.close();
    }
  });

  it('does not deliver twice when the job runs again after success', async () => {
    const delivered: string[] = [];
    const transport: MailTransport = {
      deliver: (message) => {
        delivered.push(message.messageId);
        return Promise.resolve();
      },
    };
    const job = createMailSendJob(testDb.database.db, transport, () => undefined);
    const [row] = await testDb.database.db
      .insert(mailOutbox)
      .values({ to: 'a@example.test', subject: 's', text: 't', html: 'h' })
      .returning();
    await job.handler({ outboxId: row!.id });
    await job.handler({ outboxId: row!.id });
    expect(delivered).toEqual([`<outbox-${row!.id}@trustleaf>`]);
  });

  it('keeps the message queued with the error when delivery fails, so a retry can send it', async () => {
    let fail = true;
    const delivered: string[] = [];
    const transport: MailTransport = {
      deliver: (message) => {
        if (fail) return Promise.reject(new Error('connection refused'));
        delivered.push(message.to);
        return Promise.resolve();
      },
    };
    const job = createMailSendJob(testDb.database.db, transport, () => undefined);
    const [row] = await testDb.database.db
      .insert(mailOutbox)
      .values({ to: 'b@example.test', subject: 's', text: 't', html: 'h' })
      .returning();
    await expect(job.handler({ outboxId: row!.id })).rejects.toThrow('connection refused');
    const [failed] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(failed).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: 'Error: connection refused' });
    fail = false;
    await job.handler({ outboxId: row!.id });
    expect(delivered).toEqual(['b@example.test']);
  });

  it('never prints bodies to the log, since they carry one-time codes and links', async () => {
    const [row] = await testDb.database.db
      .insert(mailOutbox)
      .values({ to: 'c@example.test', subject: 'Reset', text: 'token=secret-123', html: 'h' })
      .returning();
    const quiet: string[] = [];
    await createMailSendJob(testDb.database.db, null, (line) => quiet.push(line)).handler({
      outboxId: row!.id,
    });
    expect(quiet).toEqual(['mail to c@example.test: Reset']);
    const [again] = await testDb.database.db
      .insert(mailOutbox)
      .values({ to: 'd@example.test', subject: 'Code', text: 'code 123456', html: 'h' })
      .returning();
    const dev: string[] = [];
    await createMailSendJob(testDb.database.db, null, (line) => dev.push(line), {
      devMailbox: true,
    }).handler({
      outboxId: again!.id,
    });
    expect(dev).toEqual(['mail to d@example.test: Code (in the dev mailbox)']);
  });
});
