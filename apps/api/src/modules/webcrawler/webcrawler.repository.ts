import type { Db } from '../../db/client.ts';
import type { violationChecks } from '../../db/schema.ts';
import { createScanJobsRepository } from './scan-jobs.repository.ts';
import { createScanResultsRepository } from './scan-results.repository.ts';
import { createScanSnapshotsRepository } from './scan-snapshots.repository.ts';
import { createScanTargetsRepository } from './scan-targets.repository.ts';

export type { ScanJobRow } from './scan-jobs.repository.ts';
export type { FindingRow, NewFinding } from './scan-results.repository.ts';
export type { ProductRow, WebsiteRow } from './scan-targets.repository.ts';
export type CheckRow = typeof violationChecks.$inferSelect;

/**
 * The webcrawler's tables, one repository per concern (scan jobs, results, snapshots, websites and
 * products) behind the one object the services and jobs take. Company-scoped functions take the
 * company id the service authorised the caller for.
 */
export function createWebcrawlerRepository(db: Db) {
  return {
    ...createScanJobsRepository(db),
    ...createScanResultsRepository(db),
    ...createScanSnapshotsRepository(db),
    ...createScanTargetsRepository(db),
  };
}

export type WebcrawlerRepository = ReturnType<typeof createWebcrawlerRepository>;
