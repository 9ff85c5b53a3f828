import type { ScanJobStatus as RemoteScanStatus, ScanKind } from '../schemas/webcrawler.ts';

/**
 * Scan jobs kept in the account state (spec 3 §3 "Scan job", §4 "Scan job", §9 timings): what the
 * bottom progress notice shows on every page and re-shows after a reload.
 */

/** Spec 3 §9: a running job's status is polled every 7 s (the live channel is the fast path). */
export const SCAN_POLL_INTERVAL_MS = 7000;
/** Spec 3 §9: closing a notice removes its job after 300 ms (the notice's exit transition). */
export const SCAN_NOTICE_REMOVAL_MS = 300;

export type ScanJobType = ScanKind;
/** Spec 3 §4 local statuses, with cancelled for a job the user stopped. */
export type LocalScanStatus = 'SCANNING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';

export interface LocalScanJob {
  jobId: string;
  type: ScanJobType;
  url: string;
  companyName: string | null;
  plCompanyId: number;
  isDone: boolean;
  plViolationCheckId: number | null;
  isShowModalOnClick: boolean;
  status: LocalScanStatus;
  /** The user closed the progress notice (X); the outcome notice still comes. */
  isProgressClosed: boolean;
  /** Pages done and pages queued so far (both 0 until the crawl reports). */
  pagesDone: number;
  pagesQueued: number;
}

/** Spec 3 §3: adding a job with the same jobId and type replaces the earlier one. */
export function addScanJob(jobs: readonly LocalScanJob[], job: LocalScanJob): LocalScanJob[] {
  return [...jobs.filter((j) => !(j.jobId === job.jobId && j.type === job.type)), job];
}

export function updateScanJob(
  jobs: readonly LocalScanJob[],
  jobId: string,
  type: ScanJobType,
  change: Partial<Omit<LocalScanJob, 'jobId' | 'type'>>,
): LocalScanJob[] {
  return jobs.map((j) => (j.jobId === jobId && j.type === type ? { ...j, ...change } : j));
}

export function removeScanJob(
  jobs: readonly LocalScanJob[],
  jobId: string,
  type: ScanJobType,
): LocalScanJob[] {
  return jobs.filter((j) => !(j.jobId === jobId && j.type === type));
}

/** The progress bar's value in percent: pages done of pages queued, never above 100. */
export function scanProgressPercent(job: Pick<LocalScanJob, 'pagesDone' | 'pagesQueued'>): number | null {
  if (job.pagesQueued <= 0) return null;
  return Math.min(100, Math.round((job.pagesDone / job.pagesQueued) * 100));
}

/** Remote statuses (processing, completed, failed, cancelled) as the notice's local status. */
export function localScanStatus(remote: RemoteScanStatus): LocalScanStatus {
  switch (remote) {
    case 'completed':
      return 'SUCCESS';
    case 'failed':
      return 'FAILED';
    case 'cancelled':
      return 'CANCELLED';
    default:
      return 'SCANNING';
  }
}

/** Spec 3 §4: a product-scan's status is its first task's; with no tasks it is completed. */
export function productScanStatus(tasks: readonly { status: RemoteScanStatus }[]): RemoteScanStatus {
  return tasks[0]?.status ?? 'completed';
}

/** Spec 3 §5: blank or whitespace-only additional words are dropped. */
export function cleanAdditionalWords(words: readonly string[]): string[] {
  return words.map((w) => w.trim()).filter((w) => w !== '');
}

export type ScanFormStatus = 'NONE' | 'PROCESSING' | 'SUCCESS' | 'FAILED';
export type ScanUrlIcon = 'spinner' | 'tick' | 'error' | null;

/**
 * Spec 3 §4 "Scanner form": which icon sits in the URL field. A spinner while the check runs; the
 * error icon for a malformed address or after a failed check of the same address; the tick once the
 * address passed (also on the emptied field after a scan started).
 */
export function scanUrlIcon(state: {
  value: string;
  status: ScanFormStatus;
  checkedUrl: string | null;
  isValidUrl: boolean;
}): ScanUrlIcon {
  const value = state.value.trim();
  if (state.status === 'PROCESSING') return 'spinner';
  if (value !== '' && !state.isValidUrl) return 'error';
  if (state.status === 'FAILED' && value !== '' && value === state.checkedUrl) return 'error';
  if (state.status === 'SUCCESS' && (value === '' || value === state.checkedUrl)) return 'tick';
  return null;
}
