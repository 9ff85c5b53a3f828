import type { ScanJob } from '@trustleaf/domain/schemas/webcrawler';
import type { ScanJobRow } from './webcrawler.repository.ts';

export const SCAN_JOB_NAME = 'webcrawler.scan';
/** The scan job's dead letter job: pg-boss sends it a scan's payload when it gives up on the scan. */
export const SCAN_GIVEN_UP_JOB_NAME = 'webcrawler.scan-given-up';

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

/** The site a scan belongs to: host and port without `www.` or scheme (http and https are one site). */
export function siteKeyOf(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${host}:${port}`;
}

export function scanSingletonKey(companyId: number, siteKey: string): string {
  return `${companyId}|${siteKey}`;
}
