import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { createAttemptLimiter } from './lib/attempt-limiter.ts';
import { createCompanyLocks } from './lib/company-locks.ts';
import type { JobDefinition, JobQueue } from './lib/jobs.ts';
import { createMailer, createMailSendJob, type MailTransport } from './lib/mailer.ts';
import { createSandboxGateway } from './lib/payment-gateway.ts';
import { throwawaySealKeys, type SealKeys } from './lib/seal-keys.ts';
import type { Storage } from './lib/storage.ts';
import { createProspectImportJob } from './modules/accounts/accounts.jobs.ts';
import { createActivityRepository } from './modules/activity/activity.repository.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createProspectImporter } from './modules/accounts/prospect-import.service.ts';
import { createAuthJobs } from './modules/auth/auth.jobs.ts';
import {
  createBillingNoticeJob,
  createBillingRemindersJob,
  createRenewSubscriptionsJob,
  type BillingNotice,
} from './modules/billing/billing.jobs.ts';
import { createBillingModule } from './modules/billing/billing.module.ts';
import { createDocumentsJobs, type DocumentsJobsDeps } from './modules/documents/documents.jobs.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';
import { createFilesJobs } from './modules/files/files.jobs.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import {
  createWebcrawlerJobs,
  type ScannerSettings,
  type WebcrawlerJobsDeps,
} from './modules/webcrawler/webcrawler.jobs.ts';
import { createWebcrawlerRepository } from './modules/webcrawler/webcrawler.repository.ts';
import { createSystemRepository } from './modules/system/system.repository.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { RESCAN_FEATURE } from './modules/webcrawler/scan-targets.service.ts';
import { createTrustJobs } from './modules/trust/trust.jobs.ts';
import { createTrustRepository } from './modules/trust/trust.repository.ts';
import { createTrustService } from './modules/trust/trust.service.ts';
import { VERIFIED_SEAL_FEATURE } from '@trustleaf/domain/rules/trust-seal';

const SYSTEM_CALLER = { userId: 0, familyId: '', email: '', isSuperAdmin: true };

/**
 * Every job the process knows, built once so the server and `npm run worker` consume the same set.
 * The billing service the renewal job runs is the one the API routes use.
 */
export function createJobDefinitions(deps: {
  db: Db;
  /** For connections of their own (the billing account's lock). */
  databaseUrl: string;
  mailTransport: MailTransport | null;
  log: (line: string) => void;
  devMailbox: boolean;
  jobs: JobQueue;
  clock: Clock;
  appUrl?: string;
  storage: Storage;
  /** Live events to a company's room; a worker-only process has no sockets and passes a no-op. */
  notify: (companyId: number, event: string, payload: unknown) => void;
  /** The Delta-9 THC limit until a super admin sets the COA validation rule. */
  delta9ThresholdPercent: number;
  /**
   * The seal's signing key: the trust service the API routes use is built here with the jobs. The
   * server and the worker pass the published one; absent (tests of other jobs), a throwaway key.
   */
  sealKeys?: SealKeys;
  /** Test seams for the documents jobs (office conversion, COA text reading). */
  documents?: Pick<DocumentsJobsDeps, 'convertOffice' | 'readCoaText'>;
  /** The scanner's allow list and limits; none allowed, 30 minutes and 100 pages when absent. */
  scanner?: ScannerSettings;
  /** Test seam: replaces the scanner library's scanSite. */
  scan?: WebcrawlerJobsDeps['scan'];
}) {
  const mailSend = createMailSendJob(deps.db, deps.mailTransport, deps.log, {
    devMailbox: deps.devMailbox,
  });
  const mailer = createMailer(deps.db, deps.jobs, mailSend);
  // The sandbox is the only gateway built in; a processor's adapter implements PaymentGateway.
  const gateway = createSandboxGateway(deps.db, deps.clock);
  // The one activity log: the API's services and the jobs (renewal charges) write to it.
  const activity = createActivityService({
    db: deps.db,
    repo: createActivityRepository(deps.db),
    clock: deps.clock,
  });
  const billing = createBillingModule({
    db: deps.db,
    clock: deps.clock,
    gateway,
    mailer,
    appUrl: deps.appUrl ?? '',
    locks: createCompanyLocks(deps.databaseUrl),
    enqueueNotice: async (notice: BillingNotice) => {
      await deps.jobs.enqueue(billingNotice, notice, { singletonKey: notice.eventKey });
    },
    record: (event, tx) => activity.record(event, tx),
    log: deps.log,
  });
  const billingNotice = createBillingNoticeJob((notice) => billing.notices.sendNotice(notice));
  const renewSubscriptions = createRenewSubscriptionsJob(() => billing.renewals.runRenewals());
  const billingReminders = createBillingRemindersJob(() => billing.renewals.runReminders());
  const system = createSystemService({
    repo: createSystemRepository(deps.db),
    clock: deps.clock,
    defaultDelta9ThcLimitPercent: deps.delta9ThresholdPercent,
  });
  const documents = createDocumentsJobs({
    repo: createDocumentsRepository(deps.db),
    storage: deps.storage,
    mailer,
    clock: deps.clock,
    notify: deps.notify,
    coaRule: () => system.coaRule(),
    log: deps.log,
    ...deps.documents,
  });
  const files = createFilesJobs({
    repo: createFilesRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    log: deps.log,
  });
  const auth = createAuthJobs({
    limiter: createAttemptLimiter(deps.db),
    clock: deps.clock,
    log: deps.log,
  });
  const importProspects = createProspectImportJob(
    createProspectImporter({
      repo: createAccountsRepository(deps.db),
      mailer,
      clock: deps.clock,
      appUrl: deps.appUrl ?? '',
    }),
  );
  const webcrawler = createWebcrawlerJobs({
    repo: createWebcrawlerRepository(deps.db),
    clock: deps.clock,
    jobs: deps.jobs,
    mailer,
    notify: deps.notify,
    scanner: deps.scanner ?? { allowHosts: [], timeLimitSeconds: 1800, maxPages: 100 },
    log: deps.log,
    appUrl: deps.appUrl ?? '',
    // Scheduled work has no caller: the plan is read as a super admin reads it for one company.
    systemPhrases: () => system.violationPhrases(),
    rescanAllowed: async (companyId) =>
      (await billing.subscriptions.featureAccess(SYSTEM_CALLER, companyId, RESCAN_FEATURE)) === 'NORMAL',
    ...(deps.scan ? { scan: deps.scan } : {}),
  });
  const trust = createTrustService({
    db: deps.db,
    repo: createTrustRepository(deps.db),
    clock: deps.clock,
    appUrl: deps.appUrl ?? '',
    keys: deps.sealKeys ?? throwawaySealKeys(),
    sealFeature: (companyId) =>
      billing.subscriptions.featureAccess(SYSTEM_CALLER, companyId, VERIFIED_SEAL_FEATURE),
  });
  const trustJobs = createTrustJobs({ expireSeals: () => trust.expireSeals(), log: deps.log });
  return {
    mailSend,
    trust,
    webcrawler,
    renewSubscriptions,
    billingReminders,
    importProspects,
    mailer,
    gateway,
    activity,
    billing,
    documents,
    files,
    system,
    all: [
      mailSend,
      renewSubscriptions,
      billingNotice,
      billingReminders,
      importProspects,
      documents.convert,
      documents.processCoas,
      documents.expiryReminders,
      files.removeUnreferenced,
      auth.forgetQuietAttempts,
      webcrawler.scan,
      webcrawler.rescanWebsites,
      trustJobs.expireSeals,
    ] as JobDefinition<never>[],
  };
}
