import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TEAM_ACTIONS, TEAM_CHANGED_EVENT } from '@trustleaf/domain/schemas/activity';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { scannerAllowHosts, type Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Clock, OffsetClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { MailTransport } from './lib/mailer.ts';
import { createJobDefinitions } from './job-definitions.ts';
import { createStorage } from './lib/create-storage.ts';
import { createLinkSigner, type Storage } from './lib/storage.ts';
import { securityHeaderSets } from './lib/security-headers.ts';
import { createRequestIds } from './lib/request-id.ts';
import { loadSealKeys, type SealKeys } from './lib/seal-keys.ts';
import { createTokenSigner } from './lib/tokens.ts';
import { createLive, type Live } from './live/live.ts';
import {
  createHttpAddressProvider,
  createOfflineAddressProvider,
} from './modules/accounts/address-provider.ts';
import { createAttemptLimiter } from './lib/attempt-limiter.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import {
  companyPaymentRoutes,
  planRoutes,
  sandboxGatewayRoutes,
  subscriptionRoutes,
  transactionRoutes,
} from './modules/billing/billing.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { coaRoutes, documentRoutes } from './modules/documents/documents.routes.ts';
import type { DocumentsJobsDeps } from './modules/documents/documents.jobs.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { devClockRoutes } from './modules/dev/dev-clock.routes.ts';
import { devMailboxRoutes } from './modules/mail/mail.routes.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { demoSiteRoutes } from './modules/webcrawler/demo-site.ts';
import type { WebcrawlerJobsDeps } from './modules/webcrawler/webcrawler.jobs.ts';
import { createWebcrawlerRepository } from './modules/webcrawler/webcrawler.repository.ts';
import { scannerRoutes, webcrawlerRoutes } from './modules/webcrawler/webcrawler.routes.ts';
import { createWebcrawlerService } from './modules/webcrawler/webcrawler.service.ts';
import { createDirectoryRepository } from './modules/directory/directory.repository.ts';
import { directoryPublicRoutes, directoryRoutes } from './modules/directory/directory.routes.ts';
import { createDirectoryService } from './modules/directory/directory.service.ts';
import { companyQrRoutes, trustPublicRoutes, trustRoutes } from './modules/trust/trust.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { createProfileService } from './modules/users/profile.service.ts';
import { createUserAdminRepository } from './modules/users/user-admin.repository.ts';
import { userAdminRoutes } from './modules/users/user-admin.routes.ts';
import { createUserAdminService } from './modules/users/user-admin.service.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import type { RecordActivity } from './modules/activity/activity.service.ts';
import { createTeamRepository } from './modules/team/team.repository.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { createTemplatesRepository } from './modules/templates/templates.repository.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { createTemplatesService } from './modules/templates/templates.service.ts';
import { registerRequestOrigin } from './lib/request-origin.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';

export interface AppDeps {
  env: Env;
  database: Database;
  jobs: JobQueue;
  mailTransport: MailTransport | null;
  clock: Clock;
  tokenSecret: string;
  releaseDate: string;
  /** The process's pino logger (with redaction); tests leave it out for silence. */
  loggerInstance?: FastifyBaseLogger;
  /** Upload storage; the configured one (S3_BUCKET, else DATA_DIR/uploads) when absent. */
  storage?: Storage;
  /** Test seams for the documents jobs (office conversion, COA text reading). */
  documentsJobs?: Pick<DocumentsJobsDeps, 'convertOffice' | 'readCoaText'>;
  /** Folder of the built SPA; served at `/` when present. */
  webDist?: string | null;
  /** Test seam: replaces the scanner library's scanSite in scan jobs. */
  scan?: WebcrawlerJobsDeps['scan'];
  /** The seal's signing key; loaded from SEAL_PRIVATE_KEY or DATA_DIR when absent. */
  sealKeys?: SealKeys;
  /** The movable clock behind `clock` when TEST_CLOCK is on (never in production): adds `/api/dev/clock`. */
  testClock?: OffsetClock;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

/** Log redaction: no secret, token, password or card detail ever reaches the log (DESIGN "Security"). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.ccnumber',
  '*.cvv',
  '*.ccexp',
  '*.cardNumber',
  '*.cvc',
  '*.paymentToken',
  'req.headers["idempotency-key"]',
];

/**
 * How Fastify logs: with the process's logger, writing a line as each request starts and ends only
 * at info and below (production usually runs at warn, where errors still carry their request id).
 */
function fastifyLogging(logger: FastifyBaseLogger | undefined): FastifyServerOptions {
  if (!logger) return { logger: false };
  const logsRequests = ['trace', 'debug', 'info'].includes(logger.level);
  if (logsRequests) return { loggerInstance: logger };
  return { loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }) };
}

const LOGO_LINK_TTL_MS = 10 * 365 * 24 * 3600 * 1000;
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database, jobs, clock } = deps;
  const logger = deps.loggerInstance;
  const app = Fastify({
    ...fastifyLogging(logger),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Start-up work (OpenAPI, routes) must not fail on a busy machine; ten seconds is Fastify's default.
    pluginTimeout: 60_000,
    trustProxy: env.TRUST_PROXY,
    genReqId: createRequestIds(),
  }).withTypeProvider<ZodTypeProvider>();

  // JSON answers above 1 KB go compressed to browsers that accept it; the SPA's files are
  // compressed at build time and served as they are (below).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestOrigin(app);

  // Worked out once from helmet (DESIGN "Security"); see lib/security-headers.ts.
  const headersFor = securityHeaderSets({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Chosen by what is sent: JSON (answers and errors alike) gets the API set, everything else
  // (the SPA, files, the OpenAPI page) helmet's document set; HSTS only over HTTPS.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && type.startsWith('application/json');
    const publicResource = request.routeOptions.config.publicResource === true;
    const cacheControl = publicResource ? reply.getHeader('cache-control') : undefined;
    reply.headers(headersFor(json ? 'json' : 'document', request.protocol === 'https'));
    if (publicResource) {
      // The seal's badge, file, key set and revocation list are embedded and fetched by other sites.
      if (cacheControl !== undefined) reply.header('cache-control', cacheControl);
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('access-control-allow-origin', '*');
    }
    done(null, payload);
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Trustleaf API', version: deps.releaseDate },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const tokens = createTokenSigner(deps.tokenSecret);
  await app.register(authPlugin, { db: database.db, tokens });

  const log = (message: string) => logger?.info(message);
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const storage = deps.storage ?? (await createStorage(env));
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  const definitions = createJobDefinitions({
    db: database.db,
    databaseUrl: database.url,
    mailTransport: deps.mailTransport,
    log,
    devMailbox: env.NODE_ENV !== 'production',
    jobs,
    clock,
    appUrl,
    storage,
    // app.live is decorated below; jobs only run once the app is up.
    notify: (companyId, event, payload) => app.live.toCompany(companyId, event, payload),
    delta9ThresholdPercent: env.DELTA9_THC_THRESHOLD_PERCENT,
    sealKeys: deps.sealKeys ?? loadSealKeys(env),
    ...(deps.documentsJobs ? { documents: deps.documentsJobs } : {}),
    scanner: {
      allowHosts: scannerAllowHosts(env),
      timeLimitSeconds: env.SCAN_TIME_LIMIT_SECONDS,
      maxPages: env.SCAN_MAX_PAGES,
    },
    ...(deps.scan ? { scan: deps.scan } : {}),
  });
  jobs.register(definitions.all);
  const { mailer } = definitions;
  const signIns = createAuthRepository(database.db);
  // A revoked sign-in loses its live sockets as well, in every API process (issue 15): after the
  // revocation is written, so a socket reconnecting at that moment is refused by its handshake.
  const authRepo: typeof signIns = {
    ...signIns,
    async revokeFamily(familyId, reason, at) {
      await signIns.revokeFamily(familyId, reason, at);
      await app.live.endSignIn(familyId);
    },
    async revokeAllForUser(userId, reason, at) {
      const ended = await signIns.revokeAllForUser(userId, reason, at);
      await app.live.endUserSignIns(userId);
      return ended;
    },
    async revokeOthersForUser(userId, keepFamilyId, reason, at) {
      const ended = await signIns.revokeOthersForUser(userId, keepFamilyId, reason, at);
      for (const familyId of ended) await app.live.endSignIn(familyId);
      return ended;
    },
  };
  const activity = definitions.activity;
  const record: RecordActivity = async (event) => {
    await activity.record(event);
    if (event.companyId && TEAM_ACTIONS.includes(event.action)) {
      app.live.toCompany(event.companyId, TEAM_CHANGED_EVENT, {});
    }
  };
  const limiter = createAttemptLimiter(database.db);
  const authService = createAuthService({
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
  const usersRepo = createUsersRepository(database.db);
  const usersService = createUsersService({ repo: usersRepo });
  const profileService = createProfileService({
    repo: usersRepo,
    limiter,
    mailer,
    clock,
    record,
    revokeOtherSignIns: async (userId, keepFamilyId, reason) =>
      (await authRepo.revokeOthersForUser(userId, keepFamilyId, reason, clock.now())).length,
  });
  const userAdminService = createUserAdminService({
    repo: createUserAdminRepository(database.db),
    profile: profileService,
    clock,
    record,
    revokeUserSessions: (userId, reason) => authRepo.revokeAllForUser(userId, reason, clock.now()),
  });
  const companiesService = createCompaniesService({
    db: database.db,
    repo: createCompaniesRepository(database.db),
    record,
    revokeUserSessions: (userId, reason) => authRepo.revokeAllForUser(userId, reason, clock.now()),
  });
  const teamService = createTeamService({
    db: database.db,
    repo: createTeamRepository(database.db),
    clock,
    mailer,
    appUrl,
    record,
    revokeUserSessions: (userId, reason) => authRepo.revokeAllForUser(userId, reason, clock.now()),
  });
  const links = createLinkSigner(deps.tokenSecret);
  const filesRepo = createFilesRepository(database.db);
  const offlineAddresses = createOfflineAddressProvider();
  const accountsService = createAccountsService({
    record,
    repo: createAccountsRepository(database.db),
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
      if (!file || file.uploadedBy !== userId || file.mode !== 'image') return null;
      const expires = clock.now().getTime() + LOGO_LINK_TTL_MS;
      const query = new URLSearchParams({ key, expires: String(expires), sig: links.sign(key, expires) });
      return `/api/storage/file?${query.toString()}`;
    },
    enqueueImport: async (jobId) => {
      await jobs.enqueue(definitions.importProspects, { jobId });
    },
    applyPromoCode: (tx, companyId, promoCode) =>
      definitions.billing.promos.applyPromoCodeInTransaction(tx, companyId, promoCode),
    findPromoCode: (promoCode) => definitions.billing.promos.promoDetail(promoCode),
  });
  const filesService = createFilesService({
    db: database.db,
    repo: filesRepo,
    storage,
    links,
    clock,
  });
  const templatesService = createTemplatesService({
    db: database.db,
    repo: createTemplatesRepository(database.db),
    files: filesService,
    storage,
  });
  const documentsService = createDocumentsService({
    db: database.db,
    repo: createDocumentsRepository(database.db),
    files: filesService,
    links: createLinkSigner(deps.tokenSecret),
    clock,
    jobs,
    definitions: definitions.documents,
    mailer,
    appUrl,
    record,
    features: definitions.billing.subscriptions,
  });
  const webcrawlerService = createWebcrawlerService({
    db: database.db,
    repo: createWebcrawlerRepository(database.db),
    clock,
    jobs: definitions.webcrawler,
    links: createLinkSigner(deps.tokenSecret),
    featureStatus: (auth, companyId, key) =>
      definitions.billing.subscriptions.featureAccess(auth, companyId, key),
    allowHosts: scannerAllowHosts(env),
    productName: 'Trustleaf',
    branding: (query) => templatesService.documentBranding(query),
    record,
  });
  const referenceService = createReferenceService({
    repo: createReferenceRepository(database.db),
    releaseDate: deps.releaseDate,
  });

  const trustService = definitions.trust;

  await app.register(healthRoutes, { prefix: '/api', pool: database.pool });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    service: authService,
    refreshTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    secureCookies: appUrl.startsWith('https:'),
  });
  await app.register(userRoutes, { prefix: '/api/user', service: usersService, auth: authService });
  await app.register(profileRoutes, { prefix: '/api/user', service: profileService });
  await app.register(activityRoutes, { prefix: '/api/user', service: activity });
  await app.register(userAdminRoutes, { prefix: '/api/user', service: userAdminService });
  await app.register(companyRoutes, { prefix: '/api/company', service: companiesService });
  await app.register(teamRoutes, { prefix: '/api', service: teamService });
  await app.register(fileRoutes, { prefix: '/api/storage', service: filesService });
  await app.register(documentRoutes, { prefix: '/api/document', service: documentsService, storage });
  await app.register(coaRoutes, { prefix: '/api/coa', service: documentsService });
  await app.register(referenceRoutes, { prefix: '/api/general', service: referenceService });
  await app.register(systemRoutes, { prefix: '/api/system', service: definitions.system });
  await app.register(webcrawlerRoutes, { prefix: '/api/webcrawler', service: webcrawlerService });
  await app.register(scannerRoutes, { prefix: '/api', service: webcrawlerService });
  await app.register(demoSiteRoutes);
  await app.register(templateRoutes, { prefix: '/api/siteTemplate', service: templatesService, storage });
  await app.register(trustRoutes, { prefix: '/api/trust', service: trustService });
  await app.register(companyQrRoutes, { prefix: '/api/company', service: trustService, storage });
  await app.register(trustPublicRoutes, { service: trustService, appUrl });
  const directoryService = createDirectoryService({
    repo: createDirectoryRepository(database.db),
    clock,
    appUrl,
  });
  await app.register(directoryRoutes, { prefix: '/api/directory', service: directoryService });
  await app.register(directoryPublicRoutes, { service: directoryService, appUrl });
  await app.register(accountsRoutes, { prefix: '/api', service: accountsService });
  const billing = definitions.billing;
  await app.register(planRoutes, { prefix: '/api/plan', billing });
  await app.register(subscriptionRoutes, {
    prefix: '/api/subscription',
    billing,
    jobs,
    renewJob: definitions.renewSubscriptions,
    testControls: env.NODE_ENV !== 'production',
  });
  await app.register(companyPaymentRoutes, { prefix: '/api/company', billing });
  await app.register(transactionRoutes, { prefix: '/api/transaction', billing });
  await app.register(sandboxGatewayRoutes, {
    prefix: '/sandbox-gateway',
    gateway: definitions.gateway,
    tokensPerMinute: env.SANDBOX_TOKENS_PER_MINUTE,
  });
  if (!env.SMTP_URL && env.NODE_ENV !== 'production') {
    await app.register(devMailboxRoutes, { prefix: '/api/dev', db: database.db });
  }
  if (deps.testClock && env.TEST_CLOCK && env.NODE_ENV !== 'production') {
    await app.register(devClockRoutes, { prefix: '/api/dev', clock: deps.testClock });
  }

  const webDist = deps.webDist && existsSync(path.join(deps.webDist, 'index.html')) ? deps.webDist : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The .br and .gz copies made at build time, chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      // Hashed file names change with their content, so they are cached for good; anything else
      // (index.html, the favicon) is revalidated.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/socket.io');
    if (webDist && wantsPage) {
      // Client-side routes: every unknown page path gets the SPA shell, never cached.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist, { maxAge: 0 });
    }
    throw new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
  });

  app.decorate('live', createLive(app.server, { db: database.db, tokens, databaseUrl: database.url }));
  app.addHook('preClose', () => app.live.close());

  return app;
}
