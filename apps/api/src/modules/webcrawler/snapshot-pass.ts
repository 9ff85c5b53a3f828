import type { ScanBrowser, ScanResult, scanSite } from '@trustleaf/scanner';
import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import { DEFAULT_SNAPSHOT_LIMITS, removeKeys, snapshotFindings } from './scan-snapshots.ts';
import type { ScannerSettings } from './scan-job.ts';
import type { WebcrawlerRepository } from './webcrawler.repository.ts';

/**
 * Snapshots of a stored result's findings, taken after it is readable (rendering pages takes seconds
 * each): within what is left of the scan's time limit, at most SCAN_SNAPSHOT_PAGES pages. They are
 * extra: a failure, or a worker dying meanwhile, leaves the result without them.
 */
export function createSnapshotPass(deps: {
  repo: WebcrawlerRepository;
  clock: Clock;
  scanner: ScannerSettings;
  storage?: Storage;
  scan: typeof scanSite;
  log: (line: string) => void;
}) {
  const { repo, clock } = deps;
  return async function attachSnapshots(
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
        scan: deps.scan,
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
  };
}
