import { createHash, randomUUID } from 'node:crypto';
import {
  SCAN_PROGRESS_EVENT,
  type ResolvedViolation,
  type ScanJob,
  type ViolationType,
} from '@trustleaf/domain/schemas/webcrawler';
import {
  launchBrowser,
  normaliseProductName,
  scanSite,
  ScanError,
  type ScanBrowser,
  type ScanResult,
} from '@trustleaf/scanner';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { defineJob, type JobQueue } from '../../lib/jobs.ts';
import type { OutboxMailer } from '../../lib/mailer.ts';
import type { Storage } from '../../lib/storage.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import { DEFAULT_SNAPSHOT_LIMITS, removeKeys, snapshotFindings } from './scan-snapshots.ts';
import { newHighFindingsMail } from './webcrawler.mails.ts';
import type { NewFinding, ScanJobRow, WebcrawlerRepository } from './webcrawler.repository.ts';

export const SCAN_JOB_NAME = 'webcrawler.scan';
/** A worker that stops sending heartbeats for this long is taken for dead and its scan is retried. */
const HEARTBEAT_SECONDS = 10;
/** Attempts of one scan (the first plus pg-boss retries after a worker died or the database failed). */
const MAX_ATTEMPTS = 3;
const PROGRESS_FLUSH_MS = 1000;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const CANCELLED_MESSAGE = 'Webcrawler is cancelled';
const TIME_LIMIT_MESSAGE = 'The scan took longer than its time limit and was stopped';

export interface ScanOptionsStored {
  additionalWords: string[];
  isIncludedVideo: boolean;
  verifyProduct: boolean;
  analyzeImage: boolean;
  autoCreateProduct: boolean;
}

export interface ScannerSettings {
  /** host:port pairs the SSRF guard lets through (SCANNER_ALLOWED_HOSTS). */
  allowHosts: readonly string[];
  timeLimitSeconds: number;
  maxPages: number;
  /** Pages with findings rendered again for snapshots (SCAN_SNAPSHOT_PAGES); 0 or absent: none. */
  snapshotPages?: number;
}

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

/** What the API shows of a stored scan job. */
export function toScanJob(row: ScanJobRow): ScanJob {
  const status = row.status === 'queued' || row.status === 'running' ? 'processing' : row.status;
  return {
    jobId: row.id,
    type: row.kind,
    status,
    isQueued: row.status === 'queued',
    plCompanyId: row.companyId,
    companyName: row.companyName,
    url: row.url,
    plViolationCheckId: row.violationCheckId,
    progress: { done: row.progressDone, queued: Math.max(row.progressQueued, row.progressDone) },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Same claim on the same page (or image) across scans: what "new since last scan" compares. */
export function fingerprintOf(v: {
  category: string;
  term: string;
  url: string;
  imageUrl: string | null;
  evidence: string;
}): string {
  const evidence = v.evidence.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256')
    .update([v.category, v.term.toLowerCase(), v.url, v.imageUrl ?? '', evidence].join('\u0000'))
    .digest('base64url');
}

function violationTypeOf(category: string): ViolationType {
  if (category === 'FDA_DISCLAIMER') return 'FDA_DISCLAIMER';
  if (category === 'AGE_RESTRICTION') return 'AGE_RESTRICTION';
  return 'NON_COMPLIANCE';
}

/** The site a scan belongs to: host and port without `www.` or scheme (http and https are one site). */
export function siteKeyOf(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${host}:${port}`;
}

export function scanSingletonKey(companyId: number, siteKey: string): string {
  return `${companyId}|${siteKey}`;
}

export function createWebcrawlerJobs(deps: WebcrawlerJobsDeps) {
  const { repo, clock } = deps;
  const scan = deps.scan ?? scanSite;

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
    },
    handler: ({ scanJobId }) => runScan(scanJobId),
  });

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
    const controller = new AbortController();
    let reason: 'cancelled' | 'timeout' | null = null;
    const timeLimit = setTimeout(() => {
      reason = 'timeout';
      controller.abort(new ScanError('CANCELLED', TIME_LIMIT_MESSAGE));
    }, deps.scanner.timeLimitSeconds * 1000);
    let latest = { done: 0, queued: 0 };
    let flushed = { done: -1, queued: -1 };
    let flushing = false;
    // Progress is written (and a cancel looked for) once a second, not on every page.
    const flusher = setInterval(() => {
      if (flushing) return;
      flushing = true;
      const current = latest;
      void repo
        .saveProgress(id, current.done, current.queued)
        .then(async (state) => {
          if (state.cancelRequested || !state.stillRunning) {
            reason ??= 'cancelled';
            controller.abort(new ScanError('CANCELLED', CANCELLED_MESSAGE));
            return;
          }
          if (current.done !== flushed.done || current.queued !== flushed.queued) {
            flushed = current;
            await publish(id);
          }
        })
        .catch((error: unknown) => deps.log(`scan ${id}: progress not saved: ${String(error)}`))
        .finally(() => {
          flushing = false;
        });
    }, PROGRESS_FLUSH_MS);

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
        signal: controller.signal,
        onProgress: (progress) => {
          latest = { done: progress.done, queued: progress.queued };
        },
      });
    } catch (error) {
      if (reason === 'cancelled') {
        await repo.finishJob(id, 'cancelled', CANCELLED_MESSAGE, clock.now());
      } else if (reason === 'timeout') {
        await repo.finishJob(id, 'failed', TIME_LIMIT_MESSAGE, clock.now());
      } else if (error instanceof ScanError) {
        // The site cannot be scanned (refused address, down, not HTML): retrying will not help.
        await repo.finishJob(id, 'failed', error.message, clock.now());
      } else if (claimed.attempts >= MAX_ATTEMPTS) {
        deps.log(`scan ${id} failed: ${String(error)}`);
        await repo.finishJob(id, 'failed', 'The scan could not be completed', clock.now());
      } else {
        throw error;
      }
      await publish(id);
      return;
    } finally {
      clearTimeout(timeLimit);
      clearInterval(flusher);
    }

    const stored = await storeResult(claimed, options, result);
    deps.log(`scan ${id} completed`);
    await publish(id);
    await deliverCheckMails(id);
    if (stored)
      await attachSnapshots(claimed, stored.checkId, result, {
        additionalWords: [...options.additionalWords, ...systemPhrases],
        browser,
      });
  }

  /**
   * Snapshots of the stored result's findings, taken after it is readable (rendering pages takes
   * seconds each): within what is left of the scan's time limit, at most SCAN_SNAPSHOT_PAGES pages.
   * They are extra: a failure, or a worker dying meanwhile, leaves the result without them.
   */
  async function attachSnapshots(
    job: { id: string; companyId: number; startedAt: Date | null },
    checkId: number,
    result: ScanResult,
    engine: { additionalWords: string[]; browser: ScanBrowser },
  ) {
    const pages = deps.scanner.snapshotPages ?? 0;
    if (!deps.storage || pages <= 0 || result.violations.length === 0) return;
    const started = job.startedAt?.getTime() ?? clock.now().getTime();
    const leftMs = started + deps.scanner.timeLimitSeconds * 1000 - clock.now().getTime();
    try {
      const taken = await snapshotFindings({
        result,
        scan,
        options: {
          ...engine,
          allowHosts: deps.scanner.allowHosts,
          signal: AbortSignal.timeout(Math.max(leftMs, 30_000)),
        },
        storage: deps.storage,
        limits: { maxPages: pages, ...DEFAULT_SNAPSHOT_LIMITS },
        log: (line) => deps.log(`scan ${job.id}: ${line}`),
      });
      if (taken.byPosition.size === 0) return;
      const kept = await repo.storeSnapshots(checkId, job.companyId, taken.byPosition);
      if (!kept) await removeKeys(deps.storage, taken.keys);
    } catch (error) {
      deps.log(`scan ${job.id}: snapshots not stored: ${String(error)}`);
    }
  }

  async function storeResult(
    job: {
      id: string;
      companyId: number;
      url: string;
      siteKey: string;
      websiteId: number | null;
      isRescan: boolean;
    },
    options: ScanOptionsStored,
    result: ScanResult,
  ) {
    const now = clock.now();
    const previous = await repo.previousCheck(job.companyId, job.siteKey);
    const previousFindings = previous ? await repo.findingsOf(previous.id) : [];
    const previousPrints = new Set(previousFindings.map((f) => f.fingerprint));
    const findings: NewFinding[] = result.violations.map((v, position) => {
      const fingerprint = fingerprintOf(v);
      return {
        companyId: job.companyId,
        position,
        fingerprint,
        description: v.description,
        pageUrl: v.url,
        imageUrl: v.imageUrl,
        isInVideo: v.isInVideo,
        startTime: v.startTime,
        videoUrl: v.videoUrl ?? null,
        evidence: v.evidence,
        category: v.category,
        term: v.term,
        severity: v.severity,
        violationType: violationTypeOf(v.category),
        ruleRef: v.ruleRef,
        hint: v.hint,
        isNew: previous !== null && !previousPrints.has(fingerprint),
      };
    });
    const currentPrints = new Set(findings.map((f) => f.fingerprint));
    const resolved: ResolvedViolation[] = previousFindings
      .filter((f) => !currentPrints.has(f.fingerprint))
      .map((f) => ({
        complianceFindingId: f.id,
        description: f.description,
        url: f.pageUrl,
        evidence: f.evidence,
        severity: f.severity,
        violationType: f.violationType,
        ruleRef: f.ruleRef,
        hint: f.hint,
      }));
    const autoCreate = options.autoCreateProduct
      ? dedupeProducts(result.productVerification.unauthorizedProducts.map((p) => p.productName))
      : [];
    const newHigh = findings.filter((f) => f.isNew && f.severity === 'HIGH').length;
    return repo.storeResult({
      job: { id: job.id, companyId: job.companyId, websiteId: job.websiteId },
      check: {
        url: result.url,
        siteKey: job.siteKey,
        checkTime: now,
        pagesScanned: result.pagesScanned,
        productVerification: result.productVerification,
        previousCheckId: previous?.id ?? null,
        resolved,
      },
      findings,
      now,
      autoCreateProducts: autoCreate,
      // The email is written with the result, in one transaction, and its outbox ids are recorded
      // with the check: a scan job that runs again (pg-boss delivers at least once) finds the result
      // stored, writes no second email and queues the recorded one if it was not sent.
      afterStore: async (tx, checkId) => {
        const outboxIds: number[] = [];
        if (!job.isRescan || newHigh === 0) return outboxIds;
        const link = `${deps.appUrl}/webcrawler?view=${checkId}`;
        for (const recipient of await repo.ownerAndAdminEmails(job.companyId, tx)) {
          const mail = renderMail(newHighFindingsMail, mailLanguage(recipient.language), {
            firstName: recipient.firstName,
            url: job.url,
            count: newHigh,
            link,
          });
          outboxIds.push(await deps.mailer.record(tx, { to: recipient.email, ...mail }));
        }
        return outboxIds;
      },
    });
  }

  /** Weekly re-scans of the websites whose plan includes them (hourly sweep). */
  const rescanWebsites = defineJob({
    name: 'webcrawler.rescan-websites',
    payload: z.object({}).strict(),
    policy: { retryLimit: 2, retryDelay: 20, retryBackoff: false, expireInSeconds: 600 },
    cron: '7 * * * *',
    handler: async () => {
      await runRescans();
    },
  });

  async function runRescans(): Promise<number> {
    const now = clock.now();
    let started = 0;
    for (;;) {
      const due = await repo.takeDueWebsites(now, new Date(now.getTime() + WEEK_MS), 50);
      if (due.length === 0) return started;
      for (const website of due) {
        if (!(await deps.rescanAllowed(website.companyId))) continue;
        const unfinished = await repo.listJobs(website.companyId, { unfinished: true });
        if (unfinished.some((j) => j.siteKey === website.siteKey)) continue;
        const stored = (await repo.lastJobOptions(website.id)) as ScanOptionsStored | null;
        await enqueueScan({
          companyId: website.companyId,
          kind: 'job',
          url: website.url,
          siteKey: website.siteKey,
          options: stored ?? {
            additionalWords: [],
            isIncludedVideo: false,
            verifyProduct: false,
            analyzeImage: true,
            autoCreateProduct: false,
          },
          websiteId: website.id,
          isRescan: true,
          requestedBy: null,
        });
        started++;
      }
    }
  }

  async function enqueueScan(input: {
    companyId: number;
    kind: 'job' | 'productScanTask';
    url: string;
    siteKey: string;
    options: ScanOptionsStored;
    websiteId: number | null;
    isRescan: boolean;
    requestedBy: number | null;
  }): Promise<string> {
    const id = randomUUID();
    await repo.insertJob({ id, status: 'queued', ...input, createdAt: clock.now() });
    await deps.jobs.enqueue(
      scanJob,
      { scanJobId: id },
      {
        singletonKey: scanSingletonKey(input.companyId, input.siteKey),
      },
    );
    return id;
  }

  return { scan: scanJob, rescanWebsites, enqueueScan, runRescans, runScan };
}

function dedupeProducts(names: string[]) {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = normaliseProductName(name);
    if (key && !seen.has(key)) seen.set(key, name.trim().slice(0, 255));
  }
  return [...seen].map(([nameKey, name]) => ({ name, nameKey }));
}

export type WebcrawlerJobs = ReturnType<typeof createWebcrawlerJobs>;
