import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Db, DbExecutor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { defineJob, type JobQueue } from './jobs.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Records the message in the outbox and queues its delivery; returns the outbox id. */
  send(message: OutgoingMail): Promise<number>;
}

/** A mailer whose outbox rows can be written inside a transaction (emails that must be written once). */
export interface OutboxMailer extends Mailer {
  /** Records the message in the outbox inside the caller's transaction; deliver() queues it after commit. */
  record(executor: DbExecutor, message: OutgoingMail): Promise<number>;
  /** Queues delivery of outbox rows (a row already sent is left alone by the job). */
  deliver(outboxIds: number[]): Promise<void>;
}

export interface MailTransport {
  deliver(message: OutgoingMail & { messageId: string }): Promise<void>;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // nodemailer (about 5 MB of heap) loads with the first message, and only where SMTP is configured.
  let transporter: Promise<Transporter> | null = null;
  return {
    async deliver(message) {
      transporter ??= import('nodemailer').then((module) => module.default.createTransport(smtpUrl));
      await (await transporter).sendMail({ from, ...message });
    },
  };
}

/**
 * With no SMTP server the outbox is the delivery: the log says who got what (and, in development,
 * that a super admin reads it in the dev mailbox), never the body, which carries one-time secrets.
 */
export function createMailSendJob(
  db: Db,
  transport: MailTransport | null,
  log: (message: string) => void,
  options: { devMailbox: boolean } = { devMailbox: false },
) {
  return defineJob({
    name: 'mail.send',
    payload: z.object({ outboxId: z.number().int().positive() }),
    policy: { retryLimit: 8, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
    async handler({ outboxId }) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      // A retried or duplicated job finds the row already sent and does nothing.
      if (!row || row.status === 'SENT') return;
      await db
        .update(mailOutbox)
        .set({ attempts: row.attempts + 1 })
        .where(eq(mailOutbox.id, outboxId));
      if (transport) {
        try {
          // A stable Message-ID lets receiving servers drop the copy if a worker dies between
          // the SMTP handoff and the status update below.
          await transport.deliver({ ...row, messageId: `<outbox-${row.id}@trustleaf>` });
        } catch (error) {
          await db
            .update(mailOutbox)
            .set({ lastError: String(error) })
            .where(eq(mailOutbox.id, outboxId));
          throw error;
        }
      } else {
        // Never the body: it carries sign-up codes and reset links (issue 15).
        log(
          options.devMailbox
            ? `mail to ${row.to}: ${row.subject} (in the dev mailbox)`
            : `mail to ${row.to}: ${row.subject}`,
        );
      }
      await db
        .update(mailOutbox)
        .set({ status: 'SENT', sentAt: new Date() })
        .where(eq(mailOutbox.id, outboxId));
    },
  });
}

export function createMailer(
  db: Db,
  jobs: JobQueue,
  sendJob: ReturnType<typeof createMailSendJob>,
): OutboxMailer {
  async function record(executor: DbExecutor, message: OutgoingMail): Promise<number> {
    const [row] = await executor.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
    if (!row) throw new Error('outbox insert returned no row');
    return row.id;
  }
  async function deliver(outboxIds: number[]): Promise<void> {
    for (const outboxId of outboxIds) {
      await jobs.enqueue(sendJob, { outboxId }, { singletonKey: `mail-${outboxId}` });
    }
  }
  return {
    async send(message) {
      const id = await record(db, message);
      await deliver([id]);
      return id;
    },
    record,
    deliver,
  };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
