import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { JobDefinition, JobQueue } from './lib/jobs.ts';
import { createMailer, createMailSendJob, type MailTransport } from './lib/mailer.ts';
import type { Storage } from './lib/storage.ts';
import { createDocumentsJobs, type DocumentsJobsDeps } from './modules/documents/documents.jobs.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';

/** Every job the process knows, built once so the server and `npm run worker` consume the same set. */
export function createJobDefinitions(deps: {
  db: Db;
  mailTransport: MailTransport | null;
  log: (line: string) => void;
  jobs: JobQueue;
  clock: Clock;
  storage: Storage;
  /** Live events to a company's room; a worker-only process has no sockets and passes a no-op. */
  notify: (companyId: number, event: string, payload: unknown) => void;
  delta9ThresholdPercent: number;
  /** Test seams for the documents jobs (office conversion, COA text reading). */
  documents?: Pick<DocumentsJobsDeps, 'convertOffice' | 'readCoaText'>;
}) {
  const mailSend = createMailSendJob(deps.db, deps.mailTransport, deps.log);
  const mailer = createMailer(deps.db, deps.jobs, mailSend);
  const documents = createDocumentsJobs({
    repo: createDocumentsRepository(deps.db),
    storage: deps.storage,
    mailer,
    clock: deps.clock,
    notify: deps.notify,
    delta9ThresholdPercent: deps.delta9ThresholdPercent,
    log: deps.log,
    ...deps.documents,
  });
  return {
    mailSend,
    mailer,
    documents,
    all: [
      mailSend,
      documents.convert,
      documents.processCoas,
      documents.expiryReminders,
    ] as JobDefinition<never>[],
  };
}
