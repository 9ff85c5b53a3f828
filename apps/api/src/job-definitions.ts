import type { AttemptLimiter } from './lib/attempt-limiter.ts';
import { SYSTEM_CALLER } from './lib/authz.ts';
import type { Clock } from './lib/clock.ts';
import type { JobDefinition, JobQueue } from './lib/jobs.ts';
import type { createMailSendJob, OutboxMailer } from './lib/mailer.ts';
import type { Storage } from './lib/storage.ts';
import { createProspectImportJob } from './modules/accounts/accounts.jobs.ts';
import type { createProspectImporter } from './modules/accounts/prospect-import.service.ts';
import {
  createBillingNoticeJob,
  createBillingRemindersJob,
  createRenewSubscriptionsJob,
} from './modules/billing/billing.jobs.ts';
import type { BillingModule } from './modules/billing/billing.module.ts';
import { createAuthJobs } from './modules/auth/auth.jobs.ts';
import { createDocumentsJobs, type DocumentsJobsDeps } from './modules/documents/documents.jobs.ts';
import type { DocumentsRepository } from './modules/documents/documents.repository.ts';
import { createFilesJobs } from './modules/files/files.jobs.ts';
import type { FilesRepository } from './modules/files/files.repository.ts';
import type { SystemService } from './modules/system/system.service.ts';
import { createTrustJobs } from './modules/trust/trust.jobs.ts';
import type { TrustService } from './modules/trust/trust.service.ts';
import type { ScannerSettings } from './modules/webcrawler/scan-job.ts';
import { createWebcrawlerJobs, type WebcrawlerJobsDeps } from './modules/webcrawler/webcrawler.jobs.ts';
import type { WebcrawlerRepository } from './modules/webcrawler/webcrawler.repository.ts';
import { createRemoveReleasedSnapshotsJob } from './modules/webcrawler/scan-snapshots.ts';
import { RESCAN_FEATURE } from './modules/webcrawler/scan-targets.service.ts';

/** What the jobs run on: services and adapters that the composition root (`services.ts`) built once. */
export interface JobDefinitionsDeps {
  jobs: JobQueue;
  clock: Clock;
  log: (line: string) => void;
  appUrl: string;
  storage: Storage;
  /** Live events to a company's room: sockets in the server, the PostgreSQL adapter in the worker. */
  notify: (companyId: number, event: string, payload: unknown) => void;
  /** The mail.send job, built with the mailer that enqueues it. */
  mailSend: ReturnType<typeof createMailSendJob>;
  mailer: OutboxMailer;
  limiter: AttemptLimiter;
  billing: BillingModule;
  system: SystemService;
  trust: TrustService;
  importProspects: ReturnType<typeof createProspectImporter>;
  repositories: {
    documents: DocumentsRepository;
    files: FilesRepository;
    webcrawler: WebcrawlerRepository;
  };
  scanner: ScannerSettings;
  /** Test seams for the documents jobs (office conversion, COA text reading). */
  documents?: Pick<DocumentsJobsDeps, 'convertOffice' | 'readCoaText'> | undefined;
  /** Test seam: replaces the scanner library's scanSite. */
  scan?: WebcrawlerJobsDeps['scan'] | undefined;
}

/**
 * Every job the process knows, built from the same services the API routes use, so the server and
 * `npm run worker` run the same set (the renewal job runs the billing service the routes use).
 */
export function createJobDefinitions(deps: JobDefinitionsDeps) {
  const { billing, system, clock, log, mailer, storage, notify, repositories } = deps;
  const billingNotice = createBillingNoticeJob((notice) => billing.notices.sendNotice(notice));
  const renewSubscriptions = createRenewSubscriptionsJob(() => billing.renewals.runRenewals());
  const billingReminders = createBillingRemindersJob(() => billing.renewals.runReminders());
  const documents = createDocumentsJobs({
    repo: repositories.documents,
    storage,
    mailer,
    clock,
    notify,
    coaRule: () => system.coaRule(),
    log,
    appUrl: deps.appUrl,
    ...deps.documents,
  });
  const files = createFilesJobs({ repo: repositories.files, storage, clock, log });
  const auth = createAuthJobs({ limiter: deps.limiter, clock, log });
  const importProspects = createProspectImportJob(deps.importProspects);
  const webcrawler = createWebcrawlerJobs({
    repo: repositories.webcrawler,
    clock,
    jobs: deps.jobs,
    mailer,
    notify,
    scanner: deps.scanner,
    log,
    appUrl: deps.appUrl,
    storage,
    // Scheduled work has no caller: the plan is read as a super admin reads it for one company.
    systemPhrases: () => system.violationPhrases(),
    rescanAllowed: async (companyId) =>
      (await billing.subscriptions.featureAccess(SYSTEM_CALLER, companyId, RESCAN_FEATURE)) === 'NORMAL',
    ...(deps.scan ? { scan: deps.scan } : {}),
  });
  const removeReleasedSnapshots = createRemoveReleasedSnapshotsJob({
    repo: repositories.webcrawler,
    storage,
    // A snapshot pass ends within the scan's time limit (at least 30 s); an hour more is a wide margin.
    pendingMaxAgeSeconds: deps.scanner.timeLimitSeconds + 3600,
    log,
  });
  const trust = createTrustJobs({ expireSeals: () => deps.trust.expireSeals(), log });
  return {
    mailSend: deps.mailSend,
    billingNotice,
    renewSubscriptions,
    billingReminders,
    importProspects,
    documents,
    files,
    webcrawler,
    removeReleasedSnapshots,
    all: [
      deps.mailSend,
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
      webcrawler.scanGivenUp,
      webcrawler.rescanWebsites,
      removeReleasedSnapshots,
      trust.expireSeals,
    ] as JobDefinition<never>[],
  };
}
export type JobDefinitions = ReturnType<typeof createJobDefinitions>;
