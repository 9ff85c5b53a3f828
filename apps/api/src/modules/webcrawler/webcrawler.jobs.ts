import { randomUUID } from 'node:crypto';
import { SCAN_PROGRESS_EVENT } from '@trustleaf/domain/schemas/webcrawler';
import { launchBrowser, scanSite, ScanError, type ScanBrowser, type ScanResult } from '@trustleaf/scanner';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { defineJob, type JobQueue } from '../../lib/jobs.ts';
import type { OutboxMailer } from '../../lib/mailer.ts';
import type { Storage } from '../../lib/storage.ts';
import { createRescanJobs, type ScanToQueue } from './rescan.jobs.ts';
import {
  SCAN_GIVEN_UP_JOB_NAME,
  SCAN_JOB_NAME,
  scanSingletonKey,
  toScanJob,
  type ScannerSettings,
  type ScanOptionsStored,
} from './scan-job.ts';
import { CANCELLED_MESSAGE, TIME_LIMIT_MESSAGE, watchScan } from './scan-progress.ts';
import { createScanResultStore } from './scan-result.ts';
import { createSnapshotPass } from './snapshot-pass.ts';
import type { WebcrawlerRepository } from './webcrawler.repository.ts';

/** A worker that stops sending heartbeats for this long is taken for dead and its scan is retried. */
const HEARTBEAT_SECONDS = 10;
/** Attempts of one scan (the first plus pg-boss retries after a worker died or the database failed). */
const MAX_ATTEMPTS = 3;
const NOT_COMPLETED_MESSAGE = 'The scan could not be completed';

export interface WebcrawlerJobsDeps {
  repo: WebcrawlerRepository;
  clock: Clock;
  jobs: JobQueue;
  mailer: OutboxMailer;
  notify: (companyId: number, event: string, payload: unknown) => void;
  scanner: ScannerSettings;
  log: (line: string) => void;
  appUrl: string;
  /** The platform's extra violation phrases (the violation_phrase system setting), used by every scan. */
  systemPhrases?: () => Promise<string[]>;
  /** Whether the company's plan includes scheduled re-scans (the gating rule, as the API applies it). */
  rescanAllowed: (companyId: number) => Promise<boolean>;
  /** Where snapshots are stored; absent: no snapshots. */
  storage?: Storage;
  /** Replaces the scanner (tests that need a scan to hang until cancelled). */
  scan?: typeof scanSite;
}

export function createWebcrawlerJobs(deps: WebcrawlerJobsDeps) {
  const { repo, clock } = deps;
  const scan = deps.scan ?? scanSite;
  const storeResult = createScanResultStore(deps);
  const snapshots = createSnapshotPass({ ...deps, scan });

  const scanJob = defineJob<{ scanJobId: string }>({
    name: SCAN_JOB_NAME,
    payload: z.object({ scanJobId: z.uuid() }),
    policy: {
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: 2,
      retryBackoff: false,
      // The scan's own limit stops it first; this only frees a job pg-boss lost track of.
      expireInSeconds: deps.scanner.timeLimitSeconds + 120,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      // One running scan per company and website (the singleton key); later ones wait queued.
      policy: 'singleton',
      deadLetter: SCAN_GIVEN_UP_JOB_NAME,
    },
    handler: ({ scanJobId }) => runScan(scanJobId),
  });

  /**
   * A scan pg-boss gave up on (the scan job's dead letter job): its last attempt's worker died, its
   * run expired or it failed, with no retry left. No attempt follows, so the scan ends in what is
   * true: one that never stored its result is failed; one whose snapshot pass never ended keeps its
   * findings without images, its check no longer waiting for them, and its images go to removal.
   */
  const scanGivenUp = defineJob<{ scanJobId: string }>({
    name: SCAN_GIVEN_UP_JOB_NAME,
    payload: z.object({ scanJobId: z.uuid() }),
    policy: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
    handler: ({ scanJobId }) => endGivenUpScan(scanJobId),
  });

  async function endGivenUpScan(id: string) {
    if (await repo.finishJob(id, 'failed', NOT_COMPLETED_MESSAGE, clock.now())) await publish(id);
    const released = await repo.abandonSnapshots(id);
    deps.log(`scan ${id} given up after its last attempt (${released} snapshot image(s) released)`);
  }

  async function publish(id: string) {
    const row = await repo.findJob(id);
    if (row) deps.notify(row.companyId, SCAN_PROGRESS_EVENT, toScanJob(row));
    return row;
  }

  /**
   * Queues the stored check's re-scan email rows not sent yet. Run after storing and by every later
   * delivery of the job, so a worker that died between the two leaves nothing unsent; queueing a row
   * twice sends it once (singleton send job, which skips a sent row).
   */
  async function deliverCheckMails(id: string) {
    const outboxIds = await repo.unsentCheckMails(id);
    if (outboxIds.length > 0) await deps.mailer.deliver(outboxIds);
  }

  async function runScan(id: string): Promise<void> {
    const claimed = await repo.claim(id, clock.now());
    if (!claimed) {
      await deliverCheckMails(id);
      await snapshots.resumeSnapshots(id);
      return;
    }
    if (claimed.cancelRequestedAt) {
      await repo.finishJob(id, 'cancelled', CANCELLED_MESSAGE, clock.now());
      await publish(id);
      return;
    }
    deps.log(`scan ${id} started (attempt ${claimed.attempts})`);
    await publish(id);
    // One Chromium for the job: the crawl's rendered pages and the snapshot passes share it. It starts
    // on the first page rendered (none for most sites) and is closed whatever the outcome.
    const browser = launchBrowser();
    try {
      await scanClaimed(claimed, browser);
    } finally {
      await browser.close();
    }
  }

  async function scanClaimed(
    claimed: NonNullable<Awaited<ReturnType<WebcrawlerRepository['claim']>>>,
    browser: ScanBrowser,
  ): Promise<void> {
    const { id } = claimed;
    const options = claimed.options as ScanOptionsStored;
    const watch = watchScan({
      id,
      repo,
      timeLimitSeconds: deps.scanner.timeLimitSeconds,
      publish,
      log: deps.log,
    });

    let result: ScanResult;
    let systemPhrases: string[];
    try {
      const authorizedProducts =
        options.verifyProduct || claimed.kind === 'productScanTask'
          ? await repo.activeProductNames(claimed.companyId)
          : [];
      systemPhrases = deps.systemPhrases ? await deps.systemPhrases() : [];
      result = await scan(claimed.url, {
        maxPages: deps.scanner.maxPages,
        additionalWords: [...options.additionalWords, ...systemPhrases],
        includeVideo: options.isIncludedVideo,
        analyzeImages: options.analyzeImage,
        authorizedProducts,
        allowHosts: deps.scanner.allowHosts,
        browser,
        signal: watch.signal,
        onProgress: watch.onProgress,
      });
    } catch (error) {
      const reason = watch.reason();
      if (reason === 'cancelled') {
        await repo.finishJob(id, 'cancelled', CANCELLED_MESSAGE, clock.now());
      } else if (reason === 'timeout') {
        await repo.finishJob(id, 'failed', TIME_LIMIT_MESSAGE, clock.now());
      } else if (error instanceof ScanError) {
        // The site cannot be scanned (refused address, down, not HTML): retrying will not help.
        await repo.finishJob(id, 'failed', error.message, clock.now());
      } else if (claimed.attempts >= MAX_ATTEMPTS) {
        deps.log(`scan ${id} failed: ${String(error)}`);
        await repo.finishJob(id, 'failed', NOT_COMPLETED_MESSAGE, clock.now());
      } else {
        throw error;
      }
      await publish(id);
      return;
    } finally {
      watch.stop();
    }

    const stored = await storeResult(claimed, options, result, snapshots.wanted(result));
    deps.log(`scan ${id} completed`);
    await publish(id);
    await deliverCheckMails(id);
    if (stored)
      await snapshots.attachSnapshots(claimed, stored.checkId, result, {
        additionalWords: [...options.additionalWords, ...systemPhrases],
        browser,
      });
  }

  /** Queues a scan; with `maxUnfinished`, only below that many unfinished scans of the company (else null). */
  function enqueueScan(input: ScanToQueue): Promise<string>;
  function enqueueScan(input: ScanToQueue, limit: { maxUnfinished: number }): Promise<string | null>;
  async function enqueueScan(input: ScanToQueue, limit?: { maxUnfinished: number }): Promise<string | null> {
    const id = randomUUID();
    const values = { id, status: 'queued' as const, ...input, createdAt: clock.now() };
    if (!(await repo.insertJob(values, limit?.maxUnfinished))) return null;
    await deps.jobs.enqueue(
      scanJob,
      { scanJobId: id },
      {
        singletonKey: scanSingletonKey(input.companyId, input.siteKey),
      },
    );
    return id;
  }

  const { rescanWebsites, runRescans } = createRescanJobs({ ...deps, enqueueScan });

  return { scan: scanJob, scanGivenUp, rescanWebsites, enqueueScan, runRescans, runScan };
}

export type WebcrawlerJobs = ReturnType<typeof createWebcrawlerJobs>;
