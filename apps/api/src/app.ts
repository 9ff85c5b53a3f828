import { fastifyCookie } from '@fastify/cookie';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { NAMED_REFUSALS } from '@trustleaf/domain/refusals';
import { DARK_SHELL_FILE, LANGUAGES, VIEW_COOKIES } from '@trustleaf/domain/rules/themes';
import { appUrlOf, type Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Clock, OffsetClock } from './lib/clock.ts';
import { createStorage } from './lib/create-storage.ts';
import { refusal } from './lib/errors.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { MailTransport } from './lib/mailer.ts';
import { registerJsonBody } from './lib/json-body.ts';
import { createRequestIds } from './lib/request-id.ts';
import { registerRequestOrigin } from './lib/request-origin.ts';
import { loadSealKeys, type SealKeys } from './lib/seal-keys.ts';
import { securityHeaderSets } from './lib/security-headers.ts';
import type { Storage } from './lib/storage.ts';
import { createLive, type Live } from './live/live.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import {
  companyPaymentRoutes,
  planRoutes,
  sandboxGatewayRoutes,
  subscriptionRoutes,
  transactionRoutes,
} from './modules/billing/billing.routes.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { devClockRoutes } from './modules/dev/dev-clock.routes.ts';
import { directoryPublicRoutes, directoryRoutes } from './modules/directory/directory.routes.ts';
import type { DocumentsJobsDeps } from './modules/documents/documents.jobs.ts';
import { coaRoutes, documentRoutes } from './modules/documents/documents.routes.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { devMailboxRoutes } from './modules/mail/mail.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { companyQrRoutes, trustPublicRoutes, trustRoutes } from './modules/trust/trust.routes.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { userAdminRoutes } from './modules/users/user-admin.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { demoSiteRoutes } from './modules/webcrawler/demo-site.ts';
import type { WebcrawlerJobsDeps } from './modules/webcrawler/webcrawler.jobs.ts';
import { scannerRoutes, webcrawlerRoutes } from './modules/webcrawler/webcrawler.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrors, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { createServices } from './services.ts';

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

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database, jobs, clock } = deps;
  const logger = deps.loggerInstance;
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
  const requestIds = createRequestIds();
  const app = Fastify({
    ...fastifyLogging(logger),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Start-up work (OpenAPI, routes) must not fail on a busy machine; ten seconds is Fastify's default.
    pluginTimeout: 60_000,
    trustProxy: env.TRUST_PROXY,
    genReqId: requestIds,
    frameworkErrors,
    clientErrorHandler: clientErrors(requestIds, headersFor('json', false)),
  }).withTypeProvider<ZodTypeProvider>();

  // JSON answers above 1 KB go compressed to browsers that accept it; the SPA's files are
  // compressed at build time and served as they are (below).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerRequestOrigin(app);

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

  const appUrl = appUrlOf(env);
  const storage = deps.storage ?? (await createStorage(env));
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  const services = createServices({
    env,
    database,
    jobs,
    mailTransport: deps.mailTransport,
    clock,
    tokenSecret: deps.tokenSecret,
    releaseDate: deps.releaseDate,
    storage,
    log: (message) => logger?.info(message),
    // app.live is decorated below; services and jobs only send once the app is up.
    live: {
      toCompany: (companyId, event, payload) => app.live.toCompany(companyId, event, payload),
      endSignIn: (familyId) => app.live.endSignIn(familyId),
      endUserSignIns: (userId) => app.live.endUserSignIns(userId),
    },
    sealKeys: deps.sealKeys ?? loadSealKeys(env),
    ...(deps.documentsJobs ? { documentsJobs: deps.documentsJobs } : {}),
    ...(deps.scan ? { scan: deps.scan } : {}),
  });
  jobs.register(services.jobs.all);
  const { tokens, billing } = services;
  await app.register(authPlugin, { db: database.db, tokens, companyAccess: services.companyAccess });

  await app.register(healthRoutes, { prefix: '/api', pool: database.pool });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    service: services.auth,
    refreshTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    secureCookies: appUrl.startsWith('https:'),
  });
  await app.register(userRoutes, { prefix: '/api/user', service: services.users, auth: services.auth });
  await app.register(profileRoutes, { prefix: '/api/user', service: services.profile });
  await app.register(activityRoutes, { prefix: '/api/user', service: services.activity });
  await app.register(userAdminRoutes, { prefix: '/api/user', service: services.userAdmin });
  await app.register(companyRoutes, { prefix: '/api/company', service: services.companies });
  await app.register(teamRoutes, { prefix: '/api', service: services.team });
  await app.register(fileRoutes, { prefix: '/api/storage', service: services.files });
  await app.register(documentRoutes, { prefix: '/api/document', service: services.documents, storage });
  await app.register(coaRoutes, { prefix: '/api/coa', service: services.documents });
  await app.register(referenceRoutes, { prefix: '/api/general', service: services.reference });
  await app.register(systemRoutes, { prefix: '/api/system', service: services.system });
  await app.register(webcrawlerRoutes, { prefix: '/api/webcrawler', service: services.webcrawler });
  await app.register(scannerRoutes, { prefix: '/api', service: services.webcrawler });
  await app.register(demoSiteRoutes);
  await app.register(templateRoutes, { prefix: '/api/siteTemplate', service: services.templates, storage });
  await app.register(trustRoutes, { prefix: '/api/trust', service: services.trust });
  await app.register(companyQrRoutes, { prefix: '/api/company', service: services.trust, storage });
  await app.register(trustPublicRoutes, { service: services.trust, appUrl });
  await app.register(directoryRoutes, { prefix: '/api/directory', service: services.directory });
  await app.register(directoryPublicRoutes, { service: services.directory, appUrl });
  await app.register(accountsRoutes, { prefix: '/api', service: services.accounts });
  await app.register(planRoutes, { prefix: '/api/plan', billing });
  await app.register(subscriptionRoutes, {
    prefix: '/api/subscription',
    billing,
    jobs,
    renewJob: services.jobs.renewSubscriptions,
    testControls: env.NODE_ENV !== 'production',
  });
  await app.register(companyPaymentRoutes, { prefix: '/api/company', billing });
  await app.register(transactionRoutes, { prefix: '/api/transaction', billing });
  await app.register(sandboxGatewayRoutes, {
    prefix: '/sandbox-gateway',
    gateway: services.gateway,
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
  const prerendered = webDist ? prerenderedPages(webDist) : new Set<string>();
  const darkShell = webDist !== null && existsSync(path.join(webDist, DARK_SHELL_FILE));
  app.setNotFoundHandler((request, reply) => {
    // A file of the build that is not there (a tab opened before a deploy asking for the old build's
    // file) is answered 404, never the page shell, so the app's loader sees the failure it is.
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/socket.io') &&
      !request.url.startsWith('/assets/');
    const written =
      webDist && wantsPage ? writtenOutPage(prerendered, request.url, request.headers.cookie) : null;
    if (webDist && written) {
      // A page written out at build time, seen before the app's scripts have run; with a query (a
      // reason, a claim code) the page differs from it, and the shell is sent instead.
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .sendFile(written, webDist, { maxAge: 0 });
    }
    if (webDist && wantsPage) {
      // Client-side routes: every unknown page path gets the SPA shell, never cached; in the dark theme
      // the shell with its background, or the page is white until the app's scripts have run.
      const dark = darkShell && viewCookies(request.headers.cookie)[VIEW_COOKIES.theme] === 'dark';
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .sendFile(dark ? DARK_SHELL_FILE : 'index.html', webDist, { maxAge: 0 });
    }
    throw refusal(
      'NOT_FOUND',
      NAMED_REFUSALS.routeNotFound(`${request.method} ${request.url.split('?')[0]}`),
    );
  });

  app.decorate(
    'live',
    createLive(app.server, {
      db: database.db,
      tokens,
      companyAccess: services.companyAccess,
      databaseUrl: database.url,
    }),
  );
  app.addHook('preClose', () => app.live.close());

  return app;
}

/**
 * The files apps/web/scripts/prerender.mjs wrote, by name without `prerendered/` and `.html`: a page
 * as `<path>` (English), and a signed-in page's frame also as `<path>.<language>` in the others.
 */
function prerenderedPages(webDist: string): Set<string> {
  const folder = path.join(webDist, 'prerendered');
  if (!existsSync(folder)) return new Set();
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  return new Set(
    files
      .filter((file) => file.endsWith('.html'))
      .map((file) => `/${file.slice(0, -'.html'.length)}`.replaceAll(path.sep, '/')),
  );
}

function viewCookies(cookieHeader: string | undefined): Record<string, string | undefined> {
  return cookieHeader ? fastifyCookie.parse(cookieHeader) : {};
}

/**
 * The written-out copy of a page for this visitor, or null for the app's shell. The web app keeps the
 * visitor's language and theme in two cookies (apps/web/src/lib/view-cookies.ts): the page in their
 * language when it was written out in it, and none in a dark theme (pages are written out in the light
 * default one, and a light page flashing before a dark one is worse than the shell's blank start).
 */
function writtenOutPage(pages: ReadonlySet<string>, url: string, cookieHeader: string | undefined) {
  // Only a page's own path: `/dashboard/main.fr` is no page of the app.
  if (!pages.has(url) || LANGUAGES.some((language) => url.endsWith(`.${language}`))) return null;
  const cookies = viewCookies(cookieHeader);
  if (cookies[VIEW_COOKIES.theme] === 'dark') return null;
  const language = cookies[VIEW_COOKIES.language];
  const translated = `${url}.${language}`;
  return `prerendered${language && language !== 'en' && pages.has(translated) ? translated : url}.html`;
}
