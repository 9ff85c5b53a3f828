import {
  launchBrowser,
  type ScanBrowser,
  type ScanResult,
  type scanSite,
  type Severity,
  type Violation,
  type ViolationCategory,
} from '@trustleaf/scanner';
import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  DEFAULT_SNAPSHOT_LIMITS,
  removeKeys,
  snapshotFindings,
  type StoredSnapshot,
} from './scan-snapshots.ts';
import type { ScannerSettings, ScanOptionsStored } from './scan-job.ts';
import type { FindingRow, WebcrawlerRepository } from './webcrawler.repository.ts';

/**
 * A stored finding as the engine's violation, for a snapshot pass taken again. A finding in a linked
 * PDF keeps its document: the pass then knows it has no image on the page and spends no page on it.
 */
function violationOf(f: FindingRow): Violation {
  return {
    description: f.description,
    url: f.pageUrl,
    imageUrl: f.imageUrl,
    isInVideo: f.isInVideo,
    startTime: f.startTime,
    evidence: f.evidence,
    category: f.category as ViolationCategory,
    term: f.term,
    severity: f.severity as Severity,
    ruleRef: f.ruleRef,
    hint: f.hint,
    ...(f.pdfUrl ? { pdfUrl: f.pdfUrl, ...(f.pdfPage === null ? {} : { pdfPage: f.pdfPage }) } : {}),
  };
}

/**
 * Snapshots of a stored result's findings, taken after it is readable (rendering pages takes seconds
 * each): within what is left of the scan's time limit, at most SCAN_SNAPSHOT_PAGES pages. They are
 * extra: a failure leaves the result without them. Every image key is recorded as pending before it
 * is written, and the pass ends by referencing its images or releasing them for removal; a worker
 * dying in the pass leaves its keys pending, and the scan's next delivery releases them and takes
 * the snapshots again (the check stays marked as waiting for them until a pass ends).
 */
export function createSnapshotPass(deps: {
  repo: WebcrawlerRepository;
  clock: Clock;
  scanner: ScannerSettings;
  storage?: Storage;
  scan: typeof scanSite;
  systemPhrases?: () => Promise<string[]>;
  log: (line: string) => void;
}) {
  const { repo, clock } = deps;

  /** Whether the pass will take snapshots of this result (the check is stored marked so). */
  function wanted(result: Pick<ScanResult, 'violations'>): boolean {
    return Boolean(deps.storage) && (deps.scanner.snapshotPages ?? 0) > 0 && result.violations.length > 0;
  }

  async function attachSnapshots(
    job: { id: string; companyId: number; attempts: number; startedAt: Date | null },
    checkId: number,
    result: ScanResult,
    engine: { additionalWords: string[]; browser: ScanBrowser },
    /** The finding's position of each violation (default: its index). */
    positions?: readonly number[],
  ) {
    const storage = deps.storage;
    if (!storage || !wanted(result)) return;
    const started = job.startedAt?.getTime() ?? clock.now().getTime();
    const leftMs = started + deps.scanner.timeLimitSeconds * 1000 - clock.now().getTime();
    let taken: { byPosition: Map<number, StoredSnapshot>; keys: string[] } = {
      byPosition: new Map(),
      keys: [],
    };
    try {
      taken = await snapshotFindings({
        result,
        scan: deps.scan,
        options: {
          ...engine,
          allowHosts: deps.scanner.allowHosts,
          signal: AbortSignal.timeout(Math.max(leftMs, 30_000)),
        },
        storage,
        recordKey: (storageKey) => repo.recordSnapshotKey(job.id, job.attempts, storageKey),
        limits: { maxPages: deps.scanner.snapshotPages ?? 0, ...DEFAULT_SNAPSHOT_LIMITS },
        log: (line) => deps.log(`scan ${job.id}: ${line}`),
      });
    } catch (error) {
      deps.log(`scan ${job.id}: snapshots not taken: ${String(error)}`);
    }
    try {
      const byPosition = positions
        ? new Map([...taken.byPosition].map(([index, stored]) => [positions[index]!, stored]))
        : taken.byPosition;
      const kept = await repo.settleSnapshots({
        scanJobId: job.id,
        attempt: job.attempts,
        checkId,
        companyId: job.companyId,
        byPosition,
        written: taken.keys,
      });
      if (!kept) await removeKeys(storage, taken.keys);
    } catch (error) {
      deps.log(`scan ${job.id}: snapshots not stored: ${String(error)}`);
    }
  }

  /**
   * A later delivery of a completed scan whose snapshot pass did not end (its worker died in it):
   * takes the snapshots of the stored findings again, in a browser of its own.
   */
  async function resumeSnapshots(id: string) {
    const job = await repo.claimSnapshotPass(id);
    if (!job) return;
    // The images the dead attempt wrote (or was writing) go to the removal job.
    const released = await repo.releaseEarlierSnapshotKeys(id, job.attempts);
    deps.log(`scan ${id}: snapshots taken again (attempt ${job.attempts}, ${released} image(s) released)`);
    const findings = await repo.findingsOf(job.violationCheckId);
    const options = job.options as ScanOptionsStored;
    const systemPhrases = deps.systemPhrases ? await deps.systemPhrases() : [];
    const result: ScanResult = {
      url: job.url,
      checkTime: clock.now().toISOString(),
      violationCount: findings.length,
      pagesScanned: 0,
      productVerification: { authorizedProducts: [], unauthorizedProducts: [] },
      violations: findings.map(violationOf),
    };
    const browser = launchBrowser();
    try {
      await attachSnapshots(
        // A time limit of its own from now: the scan's started before the dead attempt's crawl.
        { ...job, startedAt: clock.now() },
        job.violationCheckId,
        result,
        { additionalWords: [...options.additionalWords, ...systemPhrases], browser },
        findings.map((f) => f.position),
      );
    } finally {
      await browser.close();
    }
  }

  return { wanted, attachSnapshots, resumeSnapshots };
}
