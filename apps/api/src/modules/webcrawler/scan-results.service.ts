import { addMonthsClamped } from '@trustleaf/domain/rules/feature-gating';
import {
  REPORT_PDF_FILE_NAME,
  WEBCRAWLER_REFUSALS,
  type BulkReviewFindingsInput,
  type ReportLinkInput,
  type ResolvedViolation,
  type ScanPeriod,
  type UpdateFinding,
  type Violation,
  type ViolationCheck,
  type ViolationCheckDetail,
} from '@trustleaf/domain/schemas/webcrawler';
import { renderReportPdf, type ReportLanguage, type ScanResult } from '@trustleaf/scanner';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusal, validationFailed } from '../../lib/errors.ts';
import type { createLinkSigner, Storage } from '../../lib/storage.ts';
import type { FindingRow, WebcrawlerRepository } from './webcrawler.repository.ts';
import { WEEK_MS } from './scan-targets.service.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import { TEMPLATE_REFUSALS } from '@trustleaf/domain/schemas/site-template';
import { fieldIssue } from '@trustleaf/domain/validation-issues';

const REPORT_LINK_TTL_MS = 5 * 60 * 1000;

export interface ScanResultsDeps {
  companyAccess: CompanyAccess;
  repo: WebcrawlerRepository;
  clock: Clock;
  links: ReturnType<typeof createLinkSigner>;
  /** Where the scan jobs stored the findings' snapshots. */
  storage: Storage;
  productName: string;
  /** A site template's phrase lookup and logo for the report PDF (the templates module). */
  branding?: ScanReportBranding | undefined;
  /** Whether a site template id names a published template (the templates module). */
  isPublishedTemplate?: ((siteTemplateId: number) => Promise<boolean>) | undefined;
  /** Issue details are refused when the company's plan does not allow viewing them. */
  assertIssuesAllowed: (auth: AuthContext, companyId: number) => Promise<void>;
}

export type ScanReportBranding = (query: {
  siteTemplateId?: number | undefined;
  plCompanyId: number;
  host: string;
}) => Promise<{ phrase: (key: string, text: string) => string; logo?: Buffer }>;

/** What a report link signs: the company, the check and the site template the PDF is drawn with. */
function reportLinkKey(companyId: number, checkId: number, siteTemplateId: number | undefined): string {
  return `webcrawler-report:${companyId}:${checkId}:${siteTemplateId ?? ''}`;
}

function toViolation(f: FindingRow, hasSnapshot: boolean): Violation {
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
    hasSnapshot,
  };
}

function periodStart(period: ScanPeriod, now: Date): Date | null {
  if (period === 'LAST_WEEK') return new Date(now.getTime() - WEEK_MS);
  if (period === 'LAST_MONTH') return addMonthsClamped(now, -1);
  if (period === 'LAST_3_MONTHS') return addMonthsClamped(now, -3);
  return null;
}

/** A scan's results: the checks, their findings and snapshots, and the report PDF behind a signed link. */
export function createScanResultsService(deps: ScanResultsDeps) {
  const { companyAccess, repo, clock, assertIssuesAllowed } = deps;

  async function access(auth: AuthContext, companyId: number) {
    return companyAccess.require(auth, companyId);
  }

  /** A check's results, and where each finding's snapshot is stored (the report PDF draws them). */
  async function loadDetailAndSnapshots(companyId: number, checkId: number) {
    const found = await repo.findCheck(companyId, checkId);
    if (!found) throw refusal('NOT_FOUND', COMMON_REFUSALS.scanResultNotFound);
    const findings = await repo.findingsOf(checkId);
    const snapshots = await repo.snapshotKeysOf(checkId);
    const violations = findings.map((f) => toViolation(f, snapshots.has(f.id)));
    const counts = { HIGH: 0, MEDIUM: 0, LOW: 0, COMPLIANCE: 0 };
    for (const v of violations) counts[v.severity]++;
    const detail: ViolationCheckDetail = {
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
    return { detail, snapshots };
  }

  async function loadDetail(companyId: number, checkId: number): Promise<ViolationCheckDetail> {
    return (await loadDetailAndSnapshots(companyId, checkId)).detail;
  }

  return {
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
        throw refusal('NOT_FOUND', COMMON_REFUSALS.scanResultNotFound);
      // A template no page can show (unknown, a draft, inactive) would sign a link to an unbranded PDF.
      if (
        siteTemplateId !== undefined &&
        deps.isPublishedTemplate &&
        !(await deps.isPublishedTemplate(siteTemplateId))
      ) {
        throw validationFailed([fieldIssue('siteTemplateId', TEMPLATE_REFUSALS.notFound)]);
      }
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
      deps.links.assertValid(key, query.expires, query.sig, clock.now().getTime());
      const { detail, snapshots } = await loadDetailAndSnapshots(query.plCompanyId, query.plViolationCheckId);
      const open = detail.violations.filter((v) => !v.isCompliant);
      // The stored PNGs, as the dialog shows them, each read once (findings of one sentence share one,
      // and the PDF embeds it once); one that cannot be read is left out of the report.
      const reads = new Map<string, Promise<Buffer | undefined>>();
      const images = await Promise.all(
        open.map(async (v) => {
          const key = snapshots.get(v.complianceFindingId);
          if (key === undefined) return undefined;
          if (!reads.has(key))
            reads.set(
              key,
              deps.storage.read(key).catch(() => undefined),
            );
          return reads.get(key)!;
        }),
      );
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
        snapshots: images,
        ...(branding ? { phrase: branding.phrase } : {}),
        ...(branding?.logo ? { logo: branding.logo } : {}),
      });
    },

    async updateFinding(auth: AuthContext, input: UpdateFinding) {
      const finding = await repo.findFinding(input.id);
      if (!finding) throw refusal('NOT_FOUND', COMMON_REFUSALS.findingNotFound);
      await access(auth, finding.companyId);
      await assertIssuesAllowed(auth, finding.companyId);
      const review = input.isReviewed !== undefined;
      const severity = input.severity !== undefined || input.isCompliant !== undefined;
      if (
        review === severity ||
        (severity && (input.severity === undefined || input.isCompliant === undefined))
      ) {
        throw refusal('VALIDATION_FAILED', WEBCRAWLER_REFUSALS.sendSeverityOrReviewed);
      }
      const updated = await repo.updateFinding(
        finding.id,
        review
          ? { isReviewed: input.isReviewed! }
          : { severity: input.severity!, isCompliant: input.isCompliant! },
      );
      return toViolation(updated!, (await repo.findSnapshot(finding.id)) !== null);
    },

    /** A finding's page snapshot as a data URL: the caller's own company only, else NOT_FOUND. */
    async findingSnapshot(auth: AuthContext, findingId: number) {
      const snapshot = await repo.findSnapshot(findingId);
      if (!snapshot) throw refusal('NOT_FOUND', COMMON_REFUSALS.snapshotNotFound);
      try {
        await access(auth, snapshot.companyId);
      } catch (error) {
        // Another company's finding is not told apart from one that does not exist.
        if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN'))
          throw refusal('NOT_FOUND', COMMON_REFUSALS.snapshotNotFound);
        throw error;
      }
      await assertIssuesAllowed(auth, snapshot.companyId);
      let bytes: Buffer;
      try {
        bytes = await deps.storage.read(snapshot.storageKey);
      } catch {
        throw refusal('NOT_FOUND', COMMON_REFUSALS.snapshotNotFound);
      }
      return { base64: `data:image/png;base64,${bytes.toString('base64')}`, contentType: 'image/png' };
    },

    async bulkReview(auth: AuthContext, input: BulkReviewFindingsInput) {
      const ids = [...new Set(input.complianceFindingIds)];
      const companies = await repo.companiesOfFindings(ids);
      // All-or-nothing: every id must exist and belong to one company the caller may act on.
      if (companies.length !== 1 || (await repo.countFindings(ids)) !== ids.length) {
        throw refusal('NOT_FOUND', COMMON_REFUSALS.findingNotFound);
      }
      const companyId = companies[0]!;
      await access(auth, companyId);
      await assertIssuesAllowed(auth, companyId);
      return { updated: await repo.markReviewed(companyId, ids, input.isReviewed) };
    },
  };
}
