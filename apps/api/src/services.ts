import { TEAM_ACTIONS, TEAM_CHANGED_EVENT } from '@trustleaf/domain/schemas/activity';
import { VERIFIED_SEAL_FEATURE } from '@trustleaf/domain/rules/trust-seal';
import { UPLOAD_RULES } from '@trustleaf/domain/rules/uploads';
import { appUrlOf, scannerAllowHosts, type Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createJobDefinitions } from './job-definitions.ts';
import { createAttemptLimiter } from './lib/attempt-limiter.ts';
import { createCompanyAccess, SYSTEM_CALLER } from './lib/authz.ts';
import type { Clock } from './lib/clock.ts';
import { createCompanyLocks } from './lib/company-locks.ts';
import { createIdempotency, createIdempotencyRepository } from './lib/idempotency.ts';
import type { JobQueue } from './lib/jobs.ts';
import { createMailer, createMailSendJob, type MailTransport } from './lib/mailer.ts';
import { createSandboxGateway } from './lib/payment-gateway.ts';
import { throwawaySealKeys, type SealKeys } from './lib/seal-keys.ts';
import { createLinkSigner, type Storage } from './lib/storage.ts';
import { createTokenSigner } from './lib/tokens.ts';
import { createTransactionRunner } from './lib/transaction.ts';
import type { LiveEvents } from './live/live.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import {
  createHttpAddressProvider,
  createOfflineAddressProvider,
} from './modules/accounts/address-provider.ts';
import { createProspectImporter } from './modules/accounts/prospect-import.service.ts';
import { createActivityRepository } from './modules/activity/activity.repository.ts';
import { createActivityService, type RecordActivity } from './modules/activity/activity.service.ts';
import { createAuthRepository, type AuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import type { BillingNotice } from './modules/billing/billing.jobs.ts';
import { createBillingModule, createBillingRepositories } from './modules/billing/billing.module.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createDirectoryRepository } from './modules/directory/directory.repository.ts';
import { createDirectoryService } from './modules/directory/directory.service.ts';
import type { DocumentsJobsDeps } from './modules/documents/documents.jobs.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { createSystemRepository } from './modules/system/system.repository.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { createTeamRepository } from './modules/team/team.repository.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { createTemplatesRepository } from './modules/templates/templates.repository.ts';
import { createTemplatesService } from './modules/templates/templates.service.ts';
import { createTrustRepository } from './modules/trust/trust.repository.ts';
import { createTrustService } from './modules/trust/trust.service.ts';
import { createProfileService } from './modules/users/profile.service.ts';
import { createUserAdminRepository } from './modules/users/user-admin.repository.ts';
import { createUserAdminService } from './modules/users/user-admin.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';
import type { WebcrawlerJobsDeps } from './modules/webcrawler/webcrawler.jobs.ts';
import { createWebcrawlerRepository } from './modules/webcrawler/webcrawler.repository.ts';
import { createWebcrawlerService } from './modules/webcrawler/webcrawler.service.ts';

export interface ServicesDeps {
  env: Env;
  database: Pick<Database, 'db' | 'url'>;
  jobs: JobQueue;
  mailTransport: MailTransport | null;
  clock: Clock;
  /** Signs access tokens and download links. */
  tokenSecret: string;
  releaseDate: string;
  storage: Storage;
  log: (line: string) => void;
  /**
   * The live channel, injected because only the server holds sockets: the server passes functions
   * over its socket.io server, the worker its PostgreSQL emitter. Absent (tests of jobs), events go nowhere.
   */
  live?: LiveEvents;
  /** The seal's signing key (the server and the worker pass the published one); absent, a throwaway key. */
  sealKeys?: SealKeys;
  /** Test seams for the documents jobs (office conversion, COA text reading). */
  documentsJobs?: Pick<DocumentsJobsDeps, 'convertOffice' | 'readCoaText'>;
  /** Test seam: replaces the scanner library's scanSite in scan jobs. */
  scan?: WebcrawlerJobsDeps['scan'];
}

const NO_LIVE: LiveEvents = {
  toCompany: () => undefined,
  endSignIn: async () => undefined,
  endUserSignIns: async () => undefined,
};

/** A logo is public (trust profile), so its signed link lives for ten years. */
const LOGO_LINK_TTL_MS = 10 * 365 * 24 * 3600 * 1000;

/**
 * The one composition root (issue 16): every adapter and module service, built once, for the server
 * (`buildApp`) and for `npm run worker` alike. The jobs are built from these services, so a job and a
 * route run the same code on the same instances.
 */
export function createServices(deps: ServicesDeps) {
  const { env, clock, jobs, storage, log } = deps;
  const { db } = deps.database;
  const live = deps.live ?? NO_LIVE;
  const appUrl = appUrlOf(env);

  // Adapters.
  const tokens = createTokenSigner(deps.tokenSecret);
  const links = createLinkSigner(deps.tokenSecret);
  const companyAccess = createCompanyAccess(db);
  const inTransaction = createTransactionRunner(db);
  const limiter = createAttemptLimiter(db);
  const mailSend = createMailSendJob(db, deps.mailTransport, log, {
    devMailbox: env.NODE_ENV !== 'production',
  });
  const mailer = createMailer(db, jobs, mailSend);
  // The sandbox is the only gateway built in; a processor's adapter implements PaymentGateway.
  const gateway = createSandboxGateway(db, clock);
  // The one activity log: the API's services and the jobs (renewal charges) write to it.
  const activity = createActivityService({ companyAccess, repo: createActivityRepository(db), clock });
  // A team change also tells the company's open team pages to reload.
  const record: RecordActivity = async (event) => {
    await activity.record(event);
    if (event.companyId && TEAM_ACTIONS.includes(event.action)) {
      live.toCompany(event.companyId, TEAM_CHANGED_EVENT, {});
    }
  };
  const authRepo = withLiveRevocation(createAuthRepository(db), live);
  const revokeUserSessions = (userId: number, reason: string) =>
    authRepo.revokeAllForUser(userId, reason, clock.now());

  // The services the jobs run.
  const billing = createBillingModule({
    repos: createBillingRepositories(db),
    withIdempotency: createIdempotency(createIdempotencyRepository(db)),
    companyAccess,
    inTransaction,
    clock,
    gateway,
    mailer,
    appUrl,
    locks: createCompanyLocks(deps.database.url),
    enqueueNotice: async (notice: BillingNotice) => {
      await jobs.enqueue(jobDefinitions.billingNotice, notice, { singletonKey: notice.eventKey });
    },
    record: (event, tx) => activity.record(event, tx),
    log,
  });
  const system = createSystemService({
    repo: createSystemRepository(db),
    clock,
    defaultDelta9ThcLimitPercent: env.DELTA9_THC_THRESHOLD_PERCENT,
  });
  const trust = createTrustService({
    companyAccess,
    repo: createTrustRepository(db),
    clock,
    appUrl,
    keys: deps.sealKeys ?? throwawaySealKeys(),
    sealFeature: (companyId) =>
      billing.subscriptions.featureAccess(SYSTEM_CALLER, companyId, VERIFIED_SEAL_FEATURE),
  });
  const accountsRepo = createAccountsRepository(db);
  const documentsRepo = createDocumentsRepository(db);
  const filesRepo = createFilesRepository(db);
  const webcrawlerRepo = createWebcrawlerRepository(db);
  const jobDefinitions = createJobDefinitions({
    jobs,
    clock,
    log,
    appUrl,
    storage,
    notify: (companyId, event, payload) => live.toCompany(companyId, event, payload),
    mailSend,
    mailer,
    limiter,
    billing,
    system,
    trust,
    importProspects: createProspectImporter({ repo: accountsRepo, mailer, clock, appUrl }),
    repositories: { documents: documentsRepo, files: filesRepo, webcrawler: webcrawlerRepo },
    scanner: {
      allowHosts: scannerAllowHosts(env),
      timeLimitSeconds: env.SCAN_TIME_LIMIT_SECONDS,
      maxPages: env.SCAN_MAX_PAGES,
      snapshotPages: env.SCAN_SNAPSHOT_PAGES,
    },
    documents: deps.documentsJobs,
    scan: deps.scan,
  });

  // The services only the API routes call.
  const auth = createAuthService({
    repo: authRepo,
    limiter,
    tokens,
    mailer,
    clock,
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    appUrl,
    record,
  });
  const usersRepo = createUsersRepository(db);
  const profile = createProfileService({
    repo: usersRepo,
    limiter,
    mailer,
    clock,
    record,
    revokeOtherSignIns: async (userId, keepFamilyId, reason) =>
      (await authRepo.revokeOthersForUser(userId, keepFamilyId, reason, clock.now())).length,
  });
  const userAdmin = createUserAdminService({
    repo: createUserAdminRepository(db),
    profile,
    clock,
    record,
    revokeUserSessions,
  });
  const companies = createCompaniesService({
    companyAccess,
    repo: createCompaniesRepository(db),
    record,
    clock,
    revokeUserSessions,
  });
  const team = createTeamService({
    companyAccess,
    repo: createTeamRepository(db),
    clock,
    mailer,
    appUrl,
    record,
    revokeUserSessions,
  });
  const offlineAddresses = createOfflineAddressProvider();
  const accounts = createAccountsService({
    record,
    repo: accountsRepo,
    limiter,
    mailer,
    clock,
    appUrl,
    addresses: env.ADDRESS_PROVIDER_URL
      ? createHttpAddressProvider(env.ADDRESS_PROVIDER_URL, offlineAddresses)
      : offlineAddresses,
    // A logo is public (trust profile), so it gets a long-lived signed link to the caller's own image upload.
    resolveLogo: async (key, userId) => {
      const file = await filesRepo.findByKey(key);
      // Spec 2 §7 preuploads the logo as a file alone (mode 'any'): an image stored so is a logo too.
      const isImage =
        file?.mode === 'image' ||
        (file?.mode === 'any' && UPLOAD_RULES.image.extensions.includes(file.extension));
      if (!file || file.uploadedBy !== userId || !isImage) return null;
      const expires = clock.now().getTime() + LOGO_LINK_TTL_MS;
      const query = new URLSearchParams({ key, expires: String(expires), sig: links.sign(key, expires) });
      return `/api/storage/file?${query.toString()}`;
    },
    enqueueImport: async (jobId) => {
      await jobs.enqueue(jobDefinitions.importProspects, { jobId });
    },
    applyPromoCode: (tx, companyId, promoCode) =>
      billing.promos.applyPromoCodeInTransaction(tx, companyId, promoCode),
    findPromoCode: (promoCode) => billing.promos.promoDetail(promoCode),
  });
  const files = createFilesService({ companyAccess, repo: filesRepo, storage, links, clock });
  const templates = createTemplatesService({
    companyAccess,
    inTransaction,
    repo: createTemplatesRepository(db),
    files,
    storage,
  });
  const documents = createDocumentsService({
    companyAccess,
    repo: documentsRepo,
    files,
    links,
    clock,
    jobs,
    definitions: jobDefinitions.documents,
    mailer,
    appUrl,
    record,
    features: billing.subscriptions,
  });
  const webcrawler = createWebcrawlerService({
    companyAccess,
    repo: webcrawlerRepo,
    clock,
    jobs: jobDefinitions.webcrawler,
    links,
    storage,
    featureStatus: (caller, companyId, key) => billing.subscriptions.featureAccess(caller, companyId, key),
    allowHosts: scannerAllowHosts(env),
    productName: 'Trustleaf',
    branding: (query) => templates.documentBranding(query),
    isPublishedTemplate: (id) => templates.isPublished(id),
    record,
  });

  return {
    /** Access tokens: the auth plugin and the live channel's handshake check them. */
    tokens,
    companyAccess,
    gateway,
    activity,
    billing,
    system,
    trust,
    auth,
    users: createUsersService({ repo: usersRepo }),
    profile,
    userAdmin,
    companies,
    team,
    accounts,
    files,
    templates,
    documents,
    webcrawler,
    reference: createReferenceService({
      repo: createReferenceRepository(db),
      releaseDate: deps.releaseDate,
    }),
    directory: createDirectoryService({
      repo: createDirectoryRepository(db, { statementTimeoutMs: env.DIRECTORY_STATEMENT_TIMEOUT_MS }),
      clock,
      appUrl,
    }),
    jobs: jobDefinitions,
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * A revoked sign-in loses its live sockets as well, in every API process (issue 15): after the
 * revocation is written, so a socket reconnecting at that moment is refused by its handshake.
 */
function withLiveRevocation(signIns: AuthRepository, live: LiveEvents): AuthRepository {
  return {
    ...signIns,
    async revokeFamily(familyId, reason, at) {
      await signIns.revokeFamily(familyId, reason, at);
      await live.endSignIn(familyId);
    },
    async revokeAllForUser(userId, reason, at) {
      const ended = await signIns.revokeAllForUser(userId, reason, at);
      await live.endUserSignIns(userId);
      return ended;
    },
    async revokeOthersForUser(userId, keepFamilyId, reason, at) {
      const ended = await signIns.revokeOthersForUser(userId, keepFamilyId, reason, at);
      for (const familyId of ended) await live.endSignIn(familyId);
      return ended;
    },
  };
}
