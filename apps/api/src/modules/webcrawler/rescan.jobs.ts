import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { ScanOptionsStored } from './scan-job.ts';
import type { WebcrawlerRepository } from './webcrawler.repository.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** What a scan is queued with (the Scan button, a product scan task or a scheduled re-scan). */
export interface ScanToQueue {
  companyId: number;
  kind: 'job' | 'productScanTask';
  url: string;
  siteKey: string;
  options: ScanOptionsStored;
  websiteId: number | null;
  isRescan: boolean;
  requestedBy: number | null;
}

/** Weekly re-scans of the websites whose plan includes them (hourly sweep). */
export function createRescanJobs(deps: {
  repo: WebcrawlerRepository;
  clock: Clock;
  /** Whether the company's plan includes scheduled re-scans (the gating rule, as the API applies it). */
  rescanAllowed: (companyId: number) => Promise<boolean>;
  enqueueScan: (input: ScanToQueue) => Promise<string>;
}) {
  const { repo, clock } = deps;

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
        await deps.enqueueScan({
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

  return { rescanWebsites, runRescans };
}
