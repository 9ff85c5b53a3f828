import { fileTypeFromBuffer } from 'file-type';
import { addMonthsClamped, type FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { WEB_CRAWLER_FEATURE } from '@trustleaf/domain/reference/features';
import {
  REPORT_PDF_FILE_NAME,
  UPGRADE_TO_VIEW_ISSUES,
  URL_NOT_CONNECTED,
  URL_TO_BASE64_MAX_BYTES,
  type BulkReviewFindingsInput,
  type CreateProductInput,
  type Product,
  type ProductScanRequest,
  type ReportLinkInput,
  type ResolvedViolation,
  type ScanJobStatus,
  type ScanPeriod,
  type ScanRequest,
  type ScanStart,
  type UpdateFindingInput,
  type UpdateProductInput,
  type UpsertWebsiteInput,
  type UrlCheck,
  type Violation,
  type ViolationCheck,
  type ViolationCheckDetail,
  type Website,
} from '@trustleaf/domain/schemas/webcrawler';
import {
  checkUrl,
  createGuardedAgent,
  findSsrfError,
  normaliseProductName,
  parseSiteUrl,
  renderReportPdf,
  ScanError,
  type ReportLanguage,
  type ScanResult,
} from '@trustleaf/scanner';
import { request, type Dispatcher } from 'undici';
import type { Db } from '../../db/client.ts';
import { requireCompanyAccess, type AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { createLinkSigner } from '../../lib/storage.ts';
import type { FindingRow, ProductRow, WebcrawlerRepository, WebsiteRow } from './webcrawler.repository.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import { siteKeyOf, toScanJob, type ScanOptionsStored, type WebcrawlerJobs } from './webcrawler.jobs.ts';

/** Unfinished scans one company may have at once; more is someone hammering the button. */
const MAX_UNFINISHED_SCANS = 25;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const REPORT_LINK_TTL_MS = 5 * 60 * 1000;
const IMAGE_CACHE_ENTRIES = 200;
const IMAGE_CACHE_TTL_MS = 10 * 60 * 1000;
const IMAGE_TIMEOUT_MS = 10_000;
/** Scheduled re-scans and viewing issues are the Webcrawler's plan feature (spec 3 §6). */
export const ISSUES_FEATURE = WEB_CRAWLER_FEATURE;
export const RESCAN_FEATURE = WEB_CRAWLER_FEATURE;

export interface WebcrawlerServiceDeps {
  db: Db;
  repo: WebcrawlerRepository;
  clock: Clock;
  jobs: WebcrawlerJobs;
  links: ReturnType<typeof createLinkSigner>;
  /** The company's status for a feature key through the one gating rule (billing). */
  featureStatus: (auth: AuthContext, companyId: number, key: string) => Promise<FeatureStatus>;
  allowHosts: readonly string[];
  productName: string;
  /** A site template's phrase lookup and logo for the report PDF (the templates module). */
  branding?: (query: {
    siteTemplateId?: number | undefined;
    plCompanyId: number;
    host: string;
  }) => Promise<{ phrase: (key: string, text: string) => string; logo?: Buffer }>;
  /** The activity log: each scan a person starts. */
  record: RecordActivity;
  /** Replaces the image fetch (tests never need it: they serve images on 127.0.0.1). */
  fetchImage?: (url: string) => Promise<{ status: number; contentType: string; body: Buffer }>;
}

/** What a report link signs: the company, the check and the site template the PDF is drawn with. */
function reportLinkKey(companyId: number, checkId: number, siteTemplateId: number | undefined): string {
  return `webcrawler-report:${companyId}:${checkId}:${siteTemplateId ?? ''}`;
}

function toViolation(f: FindingRow): Violation {
  return {
    complianceFindingId: f.id,
    description: f.description,
    url: f.pageUrl,
    imageUrl: f.imageUrl,
    isInVideo: f.isInVideo,
    startTime: f.startTime,
    videoUrl: f.videoUrl,
    evidence: f.evidence,
    severity: f.severity,
    violationType: f.violationType,
    category: f.category,
    term: f.term,
    ruleRef: f.ruleRef,
    hint: f.hint,
    isCompliant: f.isCompliant,
    isReviewed: f.isReviewed,
    isNew: f.isNew,
  };
}

function toWebsite(w: WebsiteRow): Website {
  return {
    plWebsiteId: w.id,
    plCompanyId: w.companyId,
    url: w.url,
    rescanEnabled: w.rescanEnabled,
    rescanFrequency: 'WEEKLY',
    lastScanAt: w.lastScanAt?.toISOString() ?? null,
    nextScanAt: w.nextScanAt?.toISOString() ?? null,
    lastViolationCheckId: w.lastViolationCheckId,
  };
}

function toProduct(p: ProductRow): Product {
  return {
    plProductId: p.id,
    plCompanyId: p.companyId,
    name: p.name,
    status: p.status,
    source: p.source,
    createdAt: p.createdAt.toISOString(),
  };
}

function periodStart(period: ScanPeriod, now: Date): Date | null {
  if (period === 'LAST_WEEK') return new Date(now.getTime() - WEEK_MS);
  if (period === 'LAST_MONTH') return addMonthsClamped(now, -1);
  if (period === 'LAST_3_MONTHS') return addMonthsClamped(now, -3);
  return null;
}

function parseScanUrl(input: string): URL {
  try {
    return parseSiteUrl(input);
  } catch (error) {
    if (error instanceof ScanError) {
      throw new AppError('VALIDATION_FAILED', 'Please enter a valid URL (e.g., https://example.com)', {
        reason: error.message,
      });
    }
    throw error;
  }
}

/** A small LRU of fetched issue images (url-to-base64 with cache=true). */
function createImageCache() {
  const entries = new Map<string, { value: { base64: string; contentType: string }; expires: number }>();
  return {
    get(key: string, now: number) {
      const hit = entries.get(key);
      if (!hit) return null;
      entries.delete(key);
      if (hit.expires < now) return null;
      entries.set(key, hit);
      return hit.value;
    },
    set(key: string, value: { base64: string; contentType: string }, now: number) {
      entries.delete(key);
      entries.set(key, { value, expires: now + IMAGE_CACHE_TTL_MS });
      while (entries.size > IMAGE_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    },
  };
}

export function createWebcrawlerService(deps: WebcrawlerServiceDeps) {
  const { db, repo, clock } = deps;
  const imageCache = createImageCache();
  let imageAgent: Dispatcher | null = null;

  async function access(auth: AuthContext, companyId: number) {
    return requireCompanyAccess(db, auth, companyId);
  }

  /** Issue details are refused, not only blurred, when the plan does not allow viewing them. */
  async function assertIssuesAllowed(auth: AuthContext, companyId: number) {
    const status = await deps.featureStatus(auth, companyId, ISSUES_FEATURE);
    if (status !== 'NORMAL') {
      throw new AppError('PLAN_LIMIT_REACHED', UPGRADE_TO_VIEW_ISSUES, { reason: ISSUES_FEATURE, status });
    }
  }

  async function jobFor(auth: AuthContext, jobId: string) {
    const row = await repo.findJob(jobId);
    if (!row) throw new AppError('NOT_FOUND', 'Scan job not found');
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
      throw new AppError('RATE_LIMITED', 'Too many scans are waiting; wait for them to finish', {
        reason: 'MAX_UNFINISHED_SCANS',
      });
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
    const jobId = await deps.jobs.enqueueScan({
      companyId,
      kind,
      url: url.href,
      siteKey,
      options,
      websiteId: website.id,
      isRescan: false,
      requestedBy: auth.userId > 0 ? auth.userId : null,
    });
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

  async function loadDetail(companyId: number, checkId: number): Promise<ViolationCheckDetail> {
    const found = await repo.findCheck(companyId, checkId);
    if (!found) throw new AppError('NOT_FOUND', 'Scan result not found');
    const findings = await repo.findingsOf(checkId);
    const violations = findings.map(toViolation);
    const counts = { HIGH: 0, MEDIUM: 0, LOW: 0, COMPLIANCE: 0 };
    for (const v of violations) counts[v.severity]++;
    return {
      plViolationCheckId: found.check.id,
      plCompanyId: found.check.companyId,
      companyName: found.companyName,
      url: found.check.url,
      checkTime: found.check.checkTime.toISOString(),
      violationCount: violations.filter((v) => !v.isCompliant).length,
      totalFindings: violations.length,
      pagesScanned: found.check.pagesScanned,
      severityCounts: counts,
      violations,
      resolvedViolations: found.check.resolved as ResolvedViolation[],
      previousViolationCheckId: found.check.previousCheckId,
      productVerification: found.check.productVerification as ViolationCheckDetail['productVerification'],
    };
  }

  async function fetchImage(url: string): Promise<{ status: number; contentType: string; body: Buffer }> {
    if (deps.fetchImage) return deps.fetchImage(url);
    imageAgent ??= createGuardedAgent({ allowHosts: deps.allowHosts, connectTimeoutMs: IMAGE_TIMEOUT_MS });
    const response = await request(url, {
      dispatcher: imageAgent,
      headersTimeout: IMAGE_TIMEOUT_MS,
      bodyTimeout: IMAGE_TIMEOUT_MS,
      headers: { accept: 'image/*' },
    });
    const contentType = String(response.headers['content-type'] ?? '');
    if (response.statusCode !== 200) {
      await response.body.dump();
      return { status: response.statusCode, contentType, body: Buffer.alloc(0) };
    }
    const length = Number(response.headers['content-length'] ?? 0);
    if (length > URL_TO_BASE64_MAX_BYTES) {
      await response.body.dump();
      throw new AppError('PAYLOAD_TOO_LARGE', 'The image is too large to show');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > URL_TO_BASE64_MAX_BYTES) {
        response.body.destroy();
        throw new AppError('PAYLOAD_TOO_LARGE', 'The image is too large to show');
      }
      chunks.push(chunk as Buffer);
    }
    return { status: 200, contentType, body: Buffer.concat(chunks) };
  }

  return {
    async checkValidUrl(auth: AuthContext, scanUrl: string): Promise<UrlCheck> {
      const result = await checkUrl(scanUrl, { allowHosts: deps.allowHosts });
      if (result.status !== 'SUCCESS') {
        throw new AppError('NOT_FOUND', URL_NOT_CONNECTED, { reason: result.reason ?? result.message });
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

    async listChecks(auth: AuthContext, companyId: number, period: ScanPeriod) {
      await access(auth, companyId);
      const rows = await repo.listChecks(companyId, periodStart(period, clock.now()));
      const violationChecks: ViolationCheck[] = rows.map((r) => ({
        plViolationCheckId: r.check.id,
        checkTime: r.check.checkTime.toISOString(),
        url: r.check.url,
        violationCount: r.violations,
        totalFindings: r.total,
        severityCounts: { HIGH: r.high, MEDIUM: r.medium, LOW: r.low, COMPLIANCE: r.compliance },
        newCount: r.newCount,
        resolvedCount: (r.check.resolved as unknown[]).length,
      }));
      return { violationChecks };
    },

    async checkDetail(auth: AuthContext, companyId: number, checkId: number) {
      await access(auth, companyId);
      await assertIssuesAllowed(auth, companyId);
      return loadDetail(companyId, checkId);
    },

    async reportLink(auth: AuthContext, input: ReportLinkInput) {
      const { plCompanyId: companyId, plViolationCheckId: checkId, siteTemplateId, language } = input;
      await access(auth, companyId);
      await assertIssuesAllowed(auth, companyId);
      if (!(await repo.findCheck(companyId, checkId)))
        throw new AppError('NOT_FOUND', 'Scan result not found');
      const expires = clock.now().getTime() + REPORT_LINK_TTL_MS;
      const query = new URLSearchParams({
        plCompanyId: String(companyId),
        plViolationCheckId: String(checkId),
        ...(siteTemplateId !== undefined ? { siteTemplateId: String(siteTemplateId) } : {}),
        // The language only chooses the words: it is not part of what the signature covers.
        ...(language !== undefined && language !== 'en' ? { lang: language } : {}),
        expires: String(expires),
        sig: deps.links.sign(reportLinkKey(companyId, checkId, siteTemplateId), expires),
      });
      return { url: `/api/webcrawler/report?${query.toString()}`, fileName: REPORT_PDF_FILE_NAME } as const;
    },

    /** The report PDF behind a signed link: the scanner's renderer, so the layout is the CLI's. */
    async reportPdf(
      query: {
        plCompanyId: number;
        plViolationCheckId: number;
        siteTemplateId?: number | undefined;
        lang?: ReportLanguage | undefined;
        expires: number;
        sig: string;
      },
      host = '',
    ) {
      const key = reportLinkKey(query.plCompanyId, query.plViolationCheckId, query.siteTemplateId);
      if (!deps.links.verify(key, query.expires, query.sig, clock.now().getTime())) {
        throw new AppError('FORBIDDEN', 'This link has expired');
      }
      const detail = await loadDetail(query.plCompanyId, query.plViolationCheckId);
      const open = detail.violations.filter((v) => !v.isCompliant);
      const result: ScanResult = {
        url: detail.url,
        checkTime: detail.checkTime,
        violationCount: open.length,
        pagesScanned: detail.pagesScanned,
        productVerification: detail.productVerification,
        violations: open.map((v) => ({
          description: v.description,
          url: v.url,
          imageUrl: v.imageUrl,
          isInVideo: v.isInVideo,
          startTime: v.startTime,
          evidence: v.evidence,
          category: v.category as ScanResult['violations'][number]['category'],
          term: v.term,
          severity: v.severity === 'COMPLIANCE' ? 'LOW' : v.severity,
          ruleRef: v.ruleRef,
          hint: v.hint,
          ...(v.videoUrl ? { videoUrl: v.videoUrl } : {}),
        })),
      };
      const branding = await deps.branding?.({
        siteTemplateId: query.siteTemplateId,
        plCompanyId: query.plCompanyId,
        host,
      });
      return renderReportPdf(result, {
        companyName: detail.companyName,
        productName: deps.productName,
        timeZone: 'America/New_York',
        language: query.lang ?? 'en',
        ...(branding ? { phrase: branding.phrase } : {}),
        ...(branding?.logo ? { logo: branding.logo } : {}),
      });
    },

    async updateFinding(auth: AuthContext, input: UpdateFindingInput & { id: number }) {
      const finding = await repo.findFinding(input.id);
      if (!finding) throw new AppError('NOT_FOUND', 'Finding not found');
      await access(auth, finding.companyId);
      await assertIssuesAllowed(auth, finding.companyId);
      const review = input.isReviewed !== undefined;
      const severity = input.severity !== undefined || input.isCompliant !== undefined;
      if (
        review === severity ||
        (severity && (input.severity === undefined || input.isCompliant === undefined))
      ) {
        throw new AppError('VALIDATION_FAILED', 'Send either severity and isCompliant, or isReviewed');
      }
      const updated = await repo.updateFinding(
        finding.id,
        review
          ? { isReviewed: input.isReviewed! }
          : { severity: input.severity!, isCompliant: input.isCompliant! },
      );
      return toViolation(updated!);
    },

    async bulkReview(auth: AuthContext, input: BulkReviewFindingsInput) {
      const ids = [...new Set(input.complianceFindingIds)];
      const companies = await repo.companiesOfFindings(ids);
      // All-or-nothing: every id must exist and belong to one company the caller may act on.
      if (companies.length !== 1 || (await repo.countFindings(ids)) !== ids.length) {
        throw new AppError('NOT_FOUND', 'Finding not found');
      }
      const companyId = companies[0]!;
      await access(auth, companyId);
      await assertIssuesAllowed(auth, companyId);
      return { updated: await repo.markReviewed(companyId, ids, input.isReviewed) };
    },

    async imageAsBase64(auth: AuthContext, imageUrl: string, useCache: boolean) {
      const referencing = await repo.companiesReferencingImage(imageUrl);
      let allowedCompany: number | null;
      if (auth.isSuperAdmin) {
        allowedCompany = referencing[0] ?? null;
      } else {
        const own = new Set(await repo.activeCompanyIdsOf(auth.userId));
        allowedCompany = referencing.find((id) => own.has(id)) ?? null;
      }
      if (allowedCompany === null) throw new AppError('NOT_FOUND', 'Image not found');
      await assertIssuesAllowed(auth, allowedCompany);
      const now = clock.now().getTime();
      if (useCache) {
        const hit = imageCache.get(imageUrl, now);
        if (hit) return hit;
      }
      let url: URL;
      try {
        url = new URL(imageUrl);
      } catch {
        throw new AppError('NOT_FOUND', 'Image not found');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new AppError('NOT_FOUND', 'Image not found');
      let fetched: { status: number; contentType: string; body: Buffer };
      try {
        fetched = await fetchImage(url.href);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const ssrf = findSsrfError(error);
        if (ssrf)
          throw new AppError('FORBIDDEN', 'This image address cannot be fetched', { reason: ssrf.message });
        throw new AppError('NOT_FOUND', 'Image not found', { reason: String(error) });
      }
      if (fetched.status !== 200) throw new AppError('NOT_FOUND', 'Image not found');
      const detected = await fileTypeFromBuffer(fetched.body);
      let contentType = detected?.mime ?? '';
      if (!contentType && /^image\/svg\+xml/i.test(fetched.contentType)) {
        const head = fetched.body.subarray(0, 512).toString('utf8').trimStart();
        if (head.startsWith('<svg') || head.startsWith('<?xml')) contentType = 'image/svg+xml';
      }
      if (!contentType.startsWith('image/')) {
        throw new AppError('VALIDATION_FAILED', 'The address does not point to an image');
      }
      const value = { base64: `data:${contentType};base64,${fetched.body.toString('base64')}`, contentType };
      if (useCache) imageCache.set(imageUrl, value, now);
      return value;
    },

    // ---- websites ----

    async listWebsites(auth: AuthContext, companyId: number) {
      await access(auth, companyId);
      return { websites: (await repo.listWebsites(companyId)).map(toWebsite) };
    },

    async upsertWebsite(auth: AuthContext, input: UpsertWebsiteInput) {
      await access(auth, input.plCompanyId);
      const url = parseScanUrl(input.url);
      const enable = input.rescanEnabled ?? true;
      if (enable) {
        const status = await deps.featureStatus(auth, input.plCompanyId, RESCAN_FEATURE);
        if (status !== 'NORMAL') {
          throw new AppError(
            'PLAN_LIMIT_REACHED',
            'Your subscription does not include scheduled re-scans. Upgrade your plan to use them.',
            { reason: RESCAN_FEATURE, status },
          );
        }
      }
      const row = await repo.upsertWebsite({
        companyId: input.plCompanyId,
        url: url.origin + '/',
        siteKey: siteKeyOf(url),
        rescanEnabled: enable,
        insertEnabled: enable,
        nextScanAt: new Date(clock.now().getTime() + WEEK_MS),
      });
      return toWebsite(row);
    },

    async deleteWebsite(auth: AuthContext, companyId: number, websiteId: number) {
      await access(auth, companyId);
      if (!(await repo.deleteWebsite(companyId, websiteId)))
        throw new AppError('NOT_FOUND', 'Website not found');
      return { ok: true as const };
    },

    // ---- products ----

    async listProducts(auth: AuthContext, companyId: number) {
      await access(auth, companyId);
      return { products: (await repo.listProducts(companyId)).map(toProduct) };
    },

    async createProduct(auth: AuthContext, input: CreateProductInput) {
      await access(auth, input.plCompanyId);
      const name = input.name.trim();
      const nameKey = normaliseProductName(name) || name.toLowerCase();
      const row = await repo.insertProduct({
        companyId: input.plCompanyId,
        name,
        nameKey,
        status: input.status ?? 'ACTIVE',
        source: 'MANUAL',
      });
      if (!row) throw new AppError('CONFLICT', 'This product already exists');
      return toProduct(row);
    },

    async updateProduct(auth: AuthContext, input: UpdateProductInput) {
      await access(auth, input.plCompanyId);
      const values: Partial<Pick<ProductRow, 'name' | 'nameKey' | 'status'>> = {};
      if (input.name !== undefined) {
        values.name = input.name;
        values.nameKey = normaliseProductName(input.name) || input.name.toLowerCase();
        const existing = await repo.findProductByKey(input.plCompanyId, values.nameKey);
        if (existing && existing.id !== input.plProductId) {
          throw new AppError('CONFLICT', 'This product already exists');
        }
      }
      if (input.status !== undefined) values.status = input.status;
      if (Object.keys(values).length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Send a name or a status');
      }
      const row = await repo.updateProduct(input.plCompanyId, input.plProductId, values);
      if (!row) throw new AppError('NOT_FOUND', 'Product not found');
      return toProduct(row);
    },

    async deleteProduct(auth: AuthContext, companyId: number, productId: number) {
      await access(auth, companyId);
      if (!(await repo.deleteProduct(companyId, productId)))
        throw new AppError('NOT_FOUND', 'Product not found');
      return { ok: true as const };
    },
  };
}

export type WebcrawlerService = ReturnType<typeof createWebcrawlerService>;
