import type { Db } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { JobDefinition, JobQueue } from './lib/jobs.ts';
import { createMailer, createMailSendJob, type MailTransport } from './lib/mailer.ts';
import { createSandboxGateway } from './lib/payment-gateway.ts';
import { createProspectImportJob } from './modules/accounts/accounts.jobs.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createProspectImporter } from './modules/accounts/accounts.service.ts';
import { createRenewSubscriptionsJob } from './modules/billing/billing.jobs.ts';
import { createBillingRepository } from './modules/billing/billing.repository.ts';
import { createBillingService } from './modules/billing/billing.service.ts';

/**
 * Every job the process knows, built once so the server and `npm run worker` consume the same set.
 * The billing service the renewal job runs is the one the API routes use.
 */
export function createJobDefinitions(deps: {
  db: Db;
  mailTransport: MailTransport | null;
  log: (line: string) => void;
  printMailBodies: boolean;
  jobs: JobQueue;
  clock?: Clock;
  appUrl?: string;
}) {
  const clock = deps.clock ?? systemClock;
  const mailSend = createMailSendJob(deps.db, deps.mailTransport, deps.log, {
    printBodies: deps.printMailBodies,
  });
  const mailer = createMailer(deps.db, deps.jobs, mailSend);
  // The sandbox is the only gateway built in; a processor's adapter implements PaymentGateway.
  const gateway = createSandboxGateway(deps.db, clock);
  const billing = createBillingService({
    db: deps.db,
    repo: createBillingRepository(deps.db),
    clock,
    gateway,
    mailer,
    appUrl: deps.appUrl ?? '',
  });
  const renewSubscriptions = createRenewSubscriptionsJob(() => billing.runRenewals());
  const importProspects = createProspectImportJob(
    createProspectImporter({
      repo: createAccountsRepository(deps.db),
      mailer,
      clock,
      appUrl: deps.appUrl ?? '',
    }),
  );
  return {
    mailSend,
    renewSubscriptions,
    importProspects,
    mailer,
    gateway,
    billing,
    all: [mailSend, renewSubscriptions, importProspects] as JobDefinition<never>[],
  };
}
