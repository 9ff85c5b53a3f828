import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { JobDefinition, JobQueue } from './lib/jobs.ts';
import { createMailer, createMailSendJob, type MailTransport } from './lib/mailer.ts';
import { createProspectImportJob } from './modules/accounts/accounts.jobs.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createProspectImporter } from './modules/accounts/accounts.service.ts';

/** Every job the process knows, built once so the server and `npm run worker` consume the same set. */
export function createJobDefinitions(deps: {
  db: Db;
  mailTransport: MailTransport | null;
  log: (line: string) => void;
  jobs: JobQueue;
  clock: Clock;
  appUrl: string;
}) {
  const mailSend = createMailSendJob(deps.db, deps.mailTransport, deps.log);
  const mailer = createMailer(deps.db, deps.jobs, mailSend);
  const importProspects = createProspectImportJob(
    createProspectImporter({
      repo: createAccountsRepository(deps.db),
      mailer,
      clock: deps.clock,
      appUrl: deps.appUrl,
    }),
  );
  return {
    mailSend,
    importProspects,
    all: [mailSend, importProspects] as JobDefinition<never>[],
  };
}
