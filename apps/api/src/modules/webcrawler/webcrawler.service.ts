import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { WEB_CRAWLER_FEATURE } from '@trustleaf/domain/reference/features';
import {
  WEBCRAWLER_REFUSALS,
  type ProductScanRequest,
  type ScanJobStatus,
  type ScanRequest,
  type ScanStart,
  type UrlCheck,
} from '@trustleaf/domain/schemas/webcrawler';
import { checkUrl } from '@trustleaf/scanner';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import type { createLinkSigner, Storage } from '../../lib/storage.ts';
import type { WebcrawlerRepository } from './webcrawler.repository.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import { createScanImagesService } from './scan-images.service.ts';
import { createScanResultsService, type ScanReportBranding } from './scan-results.service.ts';
import { createScanTargetsService, parseScanUrl, RESCAN_FEATURE, WEEK_MS } from './scan-targets.service.ts';
import { siteKeyOf, toScanJob, type ScanOptionsStored } from './scan-job.ts';
import type { WebcrawlerJobs } from './webcrawler.jobs.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** Unfinished scans one company may have at once; more is someone hammering the button. */
export const MAX_UNFINISHED_SCANS = 25;
/** Viewing issues is the Webcrawler's plan feature (spec 3 §6), as scheduled re-scans are. */
export const ISSUES_FEATURE = WEB_CRAWLER_FEATURE;

export interface WebcrawlerServiceDeps {
  companyAccess: CompanyAccess;
  repo: WebcrawlerRepository;
  clock: Clock;
  jobs: WebcrawlerJobs;
  links: ReturnType<typeof createLinkSigner>;
  /** Where the scan jobs stored the findings' snapshots. */
  storage: Storage;
  /** The company's status for a feature key through the one gating rule (billing). */
  featureStatus: (auth: AuthContext, companyId: number, key: string) => Promise<FeatureStatus>;
  allowHosts: readonly string[];
  productName: string;
  /** A site template's phrase lookup and logo for the report PDF (the templates module). */
  branding?: ScanReportBranding;
  /** Whether a site template id names a published template (the templates module). */
  isPublishedTemplate?: (siteTemplateId: number) => Promise<boolean>;
  /** The activity log: each scan a person starts. */
  record: RecordActivity;
  /** Replaces the image fetch (tests never need it: they serve images on 127.0.0.1). */
  fetchImage?: (url: string) => Promise<{ status: number; contentType: string; body: Buffer }>;
}

export function createWebcrawlerService(deps: WebcrawlerServiceDeps) {
  const { companyAccess, repo, clock } = deps;

  async function access(auth: AuthContext, companyId: number) {
    return companyAccess.require(auth, companyId);
  }

  /** Issue details are refused, not only blurred, when the plan does not allow viewing them. */
  async function assertIssuesAllowed(auth: AuthContext, companyId: number) {
    const status = await deps.featureStatus(auth, companyId, ISSUES_FEATURE);
    if (status !== 'NORMAL') {
      throw refusal('PLAN_LIMIT_REACHED', WEBCRAWLER_REFUSALS.upgradeToViewIssues, {
        reason: ISSUES_FEATURE,
        status,
      });
    }
  }

  async function jobFor(auth: AuthContext, jobId: string) {
    const row = await repo.findJob(jobId);
    if (!row) throw refusal('NOT_FOUND', COMMON_REFUSALS.scanJobNotFound);
    await access(auth, row.companyId);
    return row;
  }

  async function startScan(
    auth: AuthContext,
    companyId: number,
    rawUrl: string,
    kind: 'job' | 'productScanTask',
    options: ScanOptionsStored,
  ): Promise<ScanStart> {
    await access(auth, companyId);
    const url = parseScanUrl(rawUrl);
    if ((await repo.countUnfinished(companyId)) >= MAX_UNFINISHED_SCANS) {
      throw refusal('RATE_LIMITED', WEBCRAWLER_REFUSALS.tooManyScans, { reason: 'MAX_UNFINISHED_SCANS' });
    }
    const siteKey = siteKeyOf(url);
    const rescans = (await deps.featureStatus(auth, companyId, RESCAN_FEATURE)) === 'NORMAL';
    const website = await repo.upsertWebsite({
      companyId,
      url: url.origin + '/',
      siteKey,
      rescanEnabled: null,
      insertEnabled: rescans,
      nextScanAt: new Date(clock.now().getTime() + WEEK_MS),
    });
    // Counted again where the scan is stored: concurrent starts all pass the check above.
    const jobId = await deps.jobs.enqueueScan(
      {
        companyId,
        kind,
        url: url.href,
        siteKey,
        options,
        websiteId: website.id,
        isRescan: false,
        requestedBy: auth.userId > 0 ? auth.userId : null,
      },
      { maxUnfinished: MAX_UNFINISHED_SCANS },
    );
    if (jobId === null) {
      throw refusal('RATE_LIMITED', WEBCRAWLER_REFUSALS.tooManyScans, { reason: 'MAX_UNFINISHED_SCANS' });
    }
    await deps.record({
      action: 'SCAN_STARTED',
      actorUserId: auth.userId > 0 ? auth.userId : null,
      companyId,
      detail: { name: url.href },
    });
    // With jobs run inline (tests) the scan may already be over.
    const row = await repo.findJob(jobId);
    const job = row ? toScanJob(row) : null;
    return {
      jobId,
      status: job?.status ?? 'processing',
      plViolationCheckId: job?.plViolationCheckId ?? null,
    };
  }

  return {
    ...createScanTargetsService({ companyAccess, repo, clock, featureStatus: deps.featureStatus }),
    ...createScanImagesService({
      repo,
      clock,
      allowHosts: deps.allowHosts,
      assertIssuesAllowed,
      ...(deps.fetchImage ? { fetchImage: deps.fetchImage } : {}),
    }),
    ...createScanResultsService({
      companyAccess,
      repo,
      clock,
      links: deps.links,
      storage: deps.storage,
      productName: deps.productName,
      branding: deps.branding,
      isPublishedTemplate: deps.isPublishedTemplate,
      assertIssuesAllowed,
    }),

    async checkValidUrl(auth: AuthContext, scanUrl: string): Promise<UrlCheck> {
      // An address that is not one is refused as the scan refuses it; "not connected" is for a site.
      parseScanUrl(scanUrl, 'scanUrl');
      const result = await checkUrl(scanUrl, { allowHosts: deps.allowHosts });
      if (result.status !== 'SUCCESS') {
        throw refusal('NOT_FOUND', WEBCRAWLER_REFUSALS.urlNotConnected, {
          reason: result.reason ?? result.message,
        });
      }
      void auth;
      return {
        status: 'SUCCESS',
        ...(result.url ? { url: result.url } : {}),
        ...(result.warning ? { warning: result.warning } : {}),
        ...(result.message ? { message: result.message } : {}),
      };
    },

    scanUrl(auth: AuthContext, input: ScanRequest & { additionalWords: string[] }) {
      return startScan(auth, input.plCompanyId, input.url, 'job', {
        additionalWords: input.additionalWords,
        isIncludedVideo: input.isIncludedVideo ?? false,
        verifyProduct: input.verifyProduct ?? false,
        analyzeImage: input.analyzeImage ?? true,
        autoCreateProduct: input.autoCreateProduct ?? false,
      });
    },

    startProductScan(auth: AuthContext, input: ProductScanRequest) {
      return startScan(auth, input.plCompanyId, input.url, 'productScanTask', {
        additionalWords: [],
        isIncludedVideo: false,
        verifyProduct: true,
        analyzeImage: false,
        autoCreateProduct: input.autoCreateProduct ?? false,
      });
    },

    async getJob(auth: AuthContext, jobId: string) {
      return toScanJob(await jobFor(auth, jobId));
    },

    async listJobs(auth: AuthContext, companyId: number, statuses: ScanJobStatus[]) {
      await access(auth, companyId);
      return { jobs: (await repo.listJobs(companyId, { statuses, kind: 'job' })).map(toScanJob) };
    },

    async productTasks(auth: AuthContext, companyId: number, history: boolean) {
      await access(auth, companyId);
      const rows = await repo.listJobs(companyId, { kind: 'productScanTask', unfinished: !history });
      return { tasks: rows.map(toScanJob) };
    },

    async cancel(auth: AuthContext, jobId: string) {
      const row = await jobFor(auth, jobId);
      await repo.requestCancel(row.id, clock.now());
      const after = await repo.findJob(row.id);
      return toScanJob(after ?? row);
    },
  };
}

export type WebcrawlerService = ReturnType<typeof createWebcrawlerService>;
