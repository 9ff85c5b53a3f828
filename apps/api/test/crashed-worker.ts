// Runs a worker script in its own Node process until it prints a mark, then kills it (SIGKILL): how
// the crash tests stop a job at a chosen point, as a machine losing power would.

import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { createPgBossQueue, type JobDefinition, type JobQueue } from '../src/lib/jobs.ts';
import { siteKeyOf } from '../src/modules/webcrawler/scan-job.ts';
import type { createTestServices } from './test-services.ts';

/**
 * Starts `script` with `args`, waits (30 s at most, or `timeoutMs`) for `mark` in its output, and kills
 * it.
 */
export async function runWorkerUntilKilled(
  script: string,
  args: string[],
  mark: string,
  timeoutMs = 30_000,
): Promise<void> {
  const worker = spawn(
    process.execPath,
    ['--experimental-transform-types', '--no-warnings', script, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  try {
    await expect.poll(() => output, { timeout: timeoutMs, interval: 100 }).toContain(mark);
  } finally {
    worker.kill('SIGKILL');
    await exited;
  }
}

type TestJobs = ReturnType<typeof createTestServices>['jobs'];

/**
 * The API's side of a crash test: a queue that only enqueues (no work), and one scan of `url` with the
 * form's default options put on it. The queue is returned for the test to stop.
 */
export async function enqueueScanAsApi(
  databaseUrl: string,
  jobsOn: (queue: JobQueue) => TestJobs,
  scan: { companyId: number; url: string; isRescan: boolean },
): Promise<{ queue: JobQueue; jobId: string }> {
  const queue = createPgBossQueue(databaseUrl, () => undefined);
  const definitions = jobsOn(queue);
  queue.register(definitions.all);
  await queue.start({ work: false });
  const jobId = await definitions.webcrawler.enqueueScan({
    companyId: scan.companyId,
    kind: 'job',
    url: scan.url,
    siteKey: siteKeyOf(new URL(scan.url)),
    options: {
      additionalWords: [],
      isIncludedVideo: false,
      verifyProduct: false,
      analyzeImage: false,
      autoCreateProduct: false,
    },
    websiteId: null,
    isRescan: scan.isRescan,
    requestedBy: null,
  });
  return { queue, jobId };
}

/**
 * The worker that takes over from a killed one: a queue in this process with pg-boss's timers at their
 * shortest, working the definitions `jobsOn` builds on it. The queue joins `queues`, which the test
 * stops, before it starts.
 */
export async function startSurvivor<Definitions extends { all: JobDefinition<never>[] }>(
  databaseUrl: string,
  jobsOn: (queue: JobQueue) => Definitions,
  queues: JobQueue[],
): Promise<{ survivor: JobQueue; definitions: Definitions }> {
  const survivor = createPgBossQueue(databaseUrl, () => undefined, {
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
  });
  queues.push(survivor);
  const definitions = jobsOn(survivor);
  survivor.register(definitions.all);
  await survivor.start({ work: true });
  return { survivor, definitions };
}
