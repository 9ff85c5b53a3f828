import { z } from 'zod';
import {
  anySpellingEnum,
  IdSchema,
  IntSchema,
  keyedText,
  maxCharacters,
  QueryIdSchema,
  refuseWith,
  requiredText,
  TextSchema,
} from './common.ts';
import { MAX_CRAWLER_ADDRESS_LENGTH } from '../rules/crawler-link.ts';
import { LANGUAGES } from '../rules/themes.ts';
import { keyedMessages, type KeyedMessage } from '../validation-issues.ts';

/**
 * The Webcrawler's wire shapes (spec 3 §3 "Violation check detail", "Severity and period", "Scan job",
 * "Violation check", "Scan request", "Scan response detail"; §7 Scanner; issue 17). The API validates
 * with these, the web reads its types from them. Changes are additive only.
 */

// ---- enumerations (spec 3 §3, §5) ----

/** Remote job status (spec 3 §4 "Scan job"), plus the cancelled state of issue 17. */
export const SCAN_JOB_STATUSES = ['processing', 'completed', 'failed', 'cancelled'] as const;
export type ScanJobStatus = (typeof SCAN_JOB_STATUSES)[number];
export const ScanJobStatusSchema = z.enum(SCAN_JOB_STATUSES);

/** Spec 3 §3 "Severity and period": letters H, M, L, C. */
export const SEVERITIES = ['HIGH', 'MEDIUM', 'LOW', 'COMPLIANCE'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SeveritySchema = z.enum(SEVERITIES);
const SEVERITY_BY_LETTER: Record<string, Severity> = { H: 'HIGH', M: 'MEDIUM', L: 'LOW', C: 'COMPLIANCE' };
/** A severity as sent: its name in either case, or its letter H, M, L or C (spec 3 §3); answers keep the name. */
export const SeverityInputSchema = z.preprocess(
  (value: unknown) =>
    typeof value === 'string' && Object.hasOwn(SEVERITY_BY_LETTER, value.toUpperCase())
      ? SEVERITY_BY_LETTER[value.toUpperCase()]
      : value,
  anySpellingEnum(SEVERITIES),
);

/** Spec 3 §5 violation types. */
export const VIOLATION_TYPES = ['NON_COMPLIANCE', 'FDA_DISCLAIMER', 'AGE_RESTRICTION'] as const;
export type ViolationType = (typeof VIOLATION_TYPES)[number];
export const ViolationTypeSchema = z.enum(VIOLATION_TYPES);

/** The scanner's own finding categories (packages/scanner `ViolationCategory`). */
export const FINDING_CATEGORIES = [
  'DISEASE_CLAIM',
  'ABSOLUTE_CLAIM',
  'FDA_DISCLAIMER',
  'ADDITIONAL_WORD',
  'AGE_RESTRICTION',
] as const;
export const FindingCategorySchema = z.enum(FINDING_CATEGORIES);

/** Spec 3 §3 period filter (labels All Time, Last Week, Last Month, Last 3 Months). */
export const SCAN_PERIODS = ['ALL_TIME', 'LAST_WEEK', 'LAST_MONTH', 'LAST_3_MONTHS'] as const;
export type ScanPeriod = (typeof SCAN_PERIODS)[number];
/** Spec 3 §3 names the periods ALL_TIME… and labels them All Time, Last Week…: either is read. */
export const ScanPeriodSchema = anySpellingEnum(SCAN_PERIODS);

/** A scan of the site (the Scan button) or a product scan task (spec 3 §3 "Scan job" type). */
export const SCAN_KINDS = ['job', 'productScanTask'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

export const URL_WARNINGS = ['SSL_CERTIFICATE_ISSUE', 'HTTP_FALLBACK_USED'] as const;
export type UrlWarning = (typeof URL_WARNINGS)[number];

export const URL_NOT_CONNECTED = 'Url not connected';
export const REPORT_PDF_FILE_NAME = 'Website Compliance Report.pdf';
/** Spec 3 §8 upgrade banner; also the message of the API's 402 on issue details. */
export const UPGRADE_TO_VIEW_ISSUES =
  'Upgrade subscription! Your subscription does not allow you to view the issues! Click here to upgrade!';

/**
 * The webcrawler's refusals with their locale keys (the signed-in app's strings), so the web shows
 * them in the reader's language by the key the answer carries.
 */
export const WEBCRAWLER_REFUSALS = {
  urlNotConnected: { key: 'webcrawler.urlNotConnected', message: URL_NOT_CONNECTED },
  upgradeToViewIssues: { key: 'webcrawler.report.upgrade', message: UPGRADE_TO_VIEW_ISSUES },
  rescanPlanRequired: {
    key: 'webcrawler.websites.planRequired',
    message: 'Your subscription does not include scheduled re-scans. Upgrade your plan to use them.',
  },
  invalidUrl: { key: 'company.errors.url', message: 'Please enter a valid URL (e.g., https://example.com)' },
  ...keyedMessages('webcrawler.refusals', {
    tooManyScans: 'Too many scans are waiting; wait for them to finish',
    imageTooLarge: 'The image is too large to show',
    notAnImage: 'The address does not point to an image',
    sendSeverityOrReviewed: 'Send either severity and isCompliant, or isReviewed',
    sendAField: 'Send a field to change',
  }),
} satisfies Record<string, KeyedMessage>;

export const ADDITIONAL_WORDS_MAX = 50;
export const ADDITIONAL_WORD_MAX_LENGTH = 100;

// ---- URL check (GET /api/check-valid-url) ----

/** A website address's refusals (the URL check, scans, websites), with their keys (`webcrawler.*`). */
export const CRAWLER_URL_REFUSALS = {
  required: { key: 'webcrawler.urlRequired', message: 'This field is required' },
  tooLong: {
    key: 'webcrawler.urlTooLong',
    message: `Maximum ${MAX_CRAWLER_ADDRESS_LENGTH} characters`,
    params: { max: MAX_CRAWLER_ADDRESS_LENGTH },
  },
} satisfies Record<string, KeyedMessage>;

export const CheckValidUrlQuerySchema = z.object({
  scanUrl: requiredText(MAX_CRAWLER_ADDRESS_LENGTH, CRAWLER_URL_REFUSALS),
});
export type CheckValidUrlQuery = z.infer<typeof CheckValidUrlQuerySchema>;

export const UrlCheckSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILED']),
  /** The address that answered (after redirects and any fallback). */
  url: TextSchema.optional(),
  warning: z.enum(URL_WARNINGS).optional(),
  message: TextSchema.optional(),
});
export type UrlCheck = z.infer<typeof UrlCheckSchema>;

// ---- scan request and jobs ----

/**
 * Spec 3 §3 "Scan request"; §5: blank or whitespace-only additional words are dropped, and "an empty
 * list is stored as an empty string", so a blank string (or null) is taken as no additional words.
 * analyzeImage is always true from the web form but honoured when sent false.
 */
export const ScanRequestSchema = z.object({
  plCompanyId: IdSchema,
  url: requiredText(MAX_CRAWLER_ADDRESS_LENGTH, CRAWLER_URL_REFUSALS),
  additionalWords: z
    .preprocess(
      (value: unknown) =>
        value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
      z
        .array(keyedText(ADDITIONAL_WORD_MAX_LENGTH, { tooLong: maxCharacters(ADDITIONAL_WORD_MAX_LENGTH) }))
        .max(ADDITIONAL_WORDS_MAX, 'At most 50 additional words')
        .optional(),
    )
    .transform((words = []) => words.map((w) => w.trim()).filter((w) => w.length > 0)),
  isIncludedVideo: z.boolean().default(false),
  verifyProduct: z.boolean().default(false),
  analyzeImage: z.boolean().default(true),
  autoCreateProduct: z.boolean().default(false),
});
export type ScanRequest = z.input<typeof ScanRequestSchema>;

/** Spec 3 §3 "Scan response detail". jobId is the scan's id (a UUID). */
export const ScanStartSchema = z.object({
  jobId: TextSchema,
  status: ScanJobStatusSchema,
  plViolationCheckId: IntSchema.nullable(),
});
export type ScanStart = z.infer<typeof ScanStartSchema>;

export const ScanProgressSchema = z.object({
  /** Pages read so far. */
  done: IntSchema.min(0),
  /** Pages found so far (read or waiting); grows while the crawl discovers links. */
  queued: IntSchema.min(0),
});
export type ScanProgress = z.infer<typeof ScanProgressSchema>;

/** One scan job as polled (getScanUrlJob, task/{id}/status, scanUrlListing, scanProduct). */
export const ScanJobSchema = z.object({
  jobId: TextSchema,
  type: z.enum(SCAN_KINDS),
  status: ScanJobStatusSchema,
  /** True while the job waits for another scan of the same website or for a free worker. */
  isQueued: z.boolean(),
  plCompanyId: IntSchema,
  companyName: TextSchema,
  url: TextSchema,
  plViolationCheckId: IntSchema.nullable(),
  progress: ScanProgressSchema,
  /** Why a scan failed ("Url not connected…"), or "Webcrawler is cancelled". */
  message: TextSchema.nullable(),
  createdAt: TextSchema,
  startedAt: TextSchema.nullable(),
  finishedAt: TextSchema.nullable(),
});
export type ScanJob = z.infer<typeof ScanJobSchema>;

export const ScanJobInputSchema = z.object({ jobId: z.uuid('Scan job not found') });
export type ScanJobInput = z.infer<typeof ScanJobInputSchema>;

/** GET task/{id}/status: the id is a scan job's or product scan task's jobId. */
export const ScanTaskInputSchema = z.object({ id: z.uuid('Scan job not found') });
export type ScanTaskInput = z.infer<typeof ScanTaskInputSchema>;

/**
 * Spec 3 §4's local statuses (SUCCESS, FAILED, SCANNING, PROCESSING) as the remote ones they stand for,
 * so a listing filtered by either names the same scans.
 */
const REMOTE_STATUS_BY_LOCAL: Record<string, ScanJobStatus> = {
  success: 'completed',
  scanning: 'processing',
};

export const ScanUrlListingQuerySchema = z.object({
  plCompanyId: QueryIdSchema,
  /**
   * Statuses, comma-separated (`processing,completed`) or repeated (`statuses=processing&statuses=completed`,
   * how a list is usually put in a query string); all when omitted.
   */
  statuses: z
    .union([TextSchema, z.array(TextSchema)])
    .optional()
    .transform((value, ctx) => {
      if (!value) return [] as ScanJobStatus[];
      // Spec 3 §4 writes the remote statuses in lower case and the local ones in upper case: any case is
      // read, and a local status names its remote one.
      const parts = [value]
        .flat()
        .join(',')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
        .map((s) => REMOTE_STATUS_BY_LOCAL[s] ?? s);
      for (const part of parts) {
        if (!(SCAN_JOB_STATUSES as readonly string[]).includes(part)) {
          refuseWith(ctx, {
            key: 'webcrawler.refusals.unknownStatus',
            message: `Unknown status ${part}: use processing, completed, failed or cancelled`,
            params: { status: part },
          });
          return z.NEVER;
        }
      }
      return parts as ScanJobStatus[];
    }),
});
export type ScanUrlListingQuery = z.input<typeof ScanUrlListingQuerySchema>;

export const ScanJobListSchema = z.object({ jobs: z.array(ScanJobSchema) });

// ---- product scan tasks (spec 3 §4: the first task's status; completed when there are none) ----

export const ProductScanRequestSchema = z.object({
  plCompanyId: IdSchema,
  url: requiredText(MAX_CRAWLER_ADDRESS_LENGTH, CRAWLER_URL_REFUSALS),
  autoCreateProduct: z.boolean().default(false),
});
export type ProductScanRequest = z.input<typeof ProductScanRequestSchema>;

export const CompanyQuerySchema = z.object({ plCompanyId: QueryIdSchema });
export type CompanyQuery = z.input<typeof CompanyQuerySchema>;

export const ProductScanTasksSchema = z.object({
  /** Unfinished tasks first, newest first; the web reads tasks[0].status. */
  tasks: z.array(ScanJobSchema),
});

// ---- violation checks (scan results) ----

export const SeverityCountsSchema = z.object({
  HIGH: IntSchema,
  MEDIUM: IntSchema,
  LOW: IntSchema,
  COMPLIANCE: IntSchema,
});
export type SeverityCounts = z.infer<typeof SeverityCountsSchema>;

/** Spec 3 §3 "Violation check (scan result)" / history rows, plus counts for the severity chart. */
export const ViolationCheckSchema = z.object({
  plViolationCheckId: IntSchema,
  checkTime: TextSchema,
  url: TextSchema,
  /** Findings not marked compliant. */
  violationCount: IntSchema,
  /** Every finding of the scan ("findings mode"). */
  totalFindings: IntSchema,
  severityCounts: SeverityCountsSchema,
  /** Findings not present in the previous scan of the same website (0 on a first scan). */
  newCount: IntSchema,
  /** Findings of the previous scan of the same website that this scan no longer found. */
  resolvedCount: IntSchema,
});
export type ViolationCheck = z.infer<typeof ViolationCheckSchema>;

export const ViolationCheckListingInputSchema = z.object({
  plCompanyId: IdSchema,
  period: ScanPeriodSchema.default('ALL_TIME'),
});
export type ViolationCheckListingInput = z.input<typeof ViolationCheckListingInputSchema>;

export const ViolationCheckListingSchema = z.object({ violationChecks: z.array(ViolationCheckSchema) });

/** One finding (spec 3 §3 violations entry, with its id, rule reference and remediation hint). */
export const ViolationSchema = z.object({
  complianceFindingId: IntSchema,
  description: TextSchema,
  /** The page the finding is on. */
  url: TextSchema,
  /** Image findings (OCR, alt, title): the image; shown through GET /api/url-to-base64. */
  imageUrl: TextSchema.nullable(),
  isInVideo: z.boolean(),
  /** Seconds from the start of the video; the evidence link spans startTime to startTime + 0.01. */
  startTime: z.number().nullable(),
  /** Caption findings: the video the cue belongs to. */
  videoUrl: TextSchema.nullable(),
  evidence: TextSchema,
  severity: SeveritySchema,
  violationType: ViolationTypeSchema,
  /** One of FINDING_CATEGORIES; a category the engine adds later passes through as text. */
  category: z.union([FindingCategorySchema, TextSchema]),
  term: TextSchema,
  ruleRef: TextSchema,
  hint: TextSchema,
  isCompliant: z.boolean(),
  isReviewed: z.boolean(),
  /** Not found by the previous scan of the same website ("new since last scan"). */
  isNew: z.boolean(),
  /**
   * A snapshot of the rendered page with the claim highlighted is stored for this finding; read it
   * through GET /api/webcrawler/complianceFinding/{id}/snapshot.
   */
  hasSnapshot: z.boolean(),
});
export type Violation = z.infer<typeof ViolationSchema>;

/** A finding of the previous scan that this scan no longer found ("resolved"). */
export const ResolvedViolationSchema = z.object({
  complianceFindingId: IntSchema,
  description: TextSchema,
  url: TextSchema,
  evidence: TextSchema,
  severity: SeveritySchema,
  violationType: ViolationTypeSchema,
  ruleRef: TextSchema,
  hint: TextSchema,
});
export type ResolvedViolation = z.infer<typeof ResolvedViolationSchema>;

export const ProductVerificationSchema = z.object({
  authorizedProducts: z.array(z.object({ productName: TextSchema, found: z.boolean() })),
  unauthorizedProducts: z.array(z.object({ productName: TextSchema, url: TextSchema })),
});
export type ProductVerification = z.infer<typeof ProductVerificationSchema>;

/** Spec 3 §3 "Violation check detail". */
export const ViolationCheckDetailSchema = z.object({
  plViolationCheckId: IntSchema,
  plCompanyId: IntSchema,
  companyName: TextSchema,
  url: TextSchema,
  checkTime: TextSchema,
  violationCount: IntSchema,
  totalFindings: IntSchema,
  pagesScanned: IntSchema,
  severityCounts: SeverityCountsSchema,
  violations: z.array(ViolationSchema),
  /** Empty on a first scan of the website. */
  resolvedViolations: z.array(ResolvedViolationSchema),
  /** The previous scan of the same website the new/resolved marks compare with. */
  previousViolationCheckId: IntSchema.nullable(),
  productVerification: ProductVerificationSchema,
});
export type ViolationCheckDetail = z.infer<typeof ViolationCheckDetailSchema>;

export const ViolationCheckDetailInputSchema = z.object({
  plCompanyId: IdSchema,
  plViolationCheckId: IdSchema,
});
export type ViolationCheckDetailInput = z.infer<typeof ViolationCheckDetailInputSchema>;

/**
 * The report PDF is made on the server with the scanner's renderer (the CLI's layout) and read through
 * a five-minute signed link, as documents are, so a plain link or `<a download>` fetches it.
 */
export const ReportLinkInputSchema = ViolationCheckDetailInputSchema.extend({
  /**
   * The site template the page shows (spec 3 §1): the PDF then renames the product and swaps the logo
   * as the page does. Without it, the company's template, else the host's, else the defaults.
   */
  siteTemplateId: IdSchema.optional(),
  /** The language the report is written in (the page's); English when absent. */
  language: z.enum(LANGUAGES).optional(),
});
export type ReportLinkInput = z.infer<typeof ReportLinkInputSchema>;

export const ReportLinkSchema = z.object({
  url: TextSchema,
  fileName: z.literal(REPORT_PDF_FILE_NAME),
});
export type ReportLink = z.infer<typeof ReportLinkSchema>;

// ---- reviewing findings ----

/**
 * PATCH complianceFinding/{id}: `{severity, isCompliant}` or `{isReviewed}` (spec 3 §7). One object
 * schema (the path parameter is picked from it); the service refuses a body with neither group.
 */
export const UpdateFindingInputSchema = z.strictObject({
  id: QueryIdSchema,
  severity: SeverityInputSchema.optional(),
  isCompliant: z.boolean().optional(),
  isReviewed: z.boolean().optional(),
});
export type UpdateFindingInput = z.input<typeof UpdateFindingInputSchema>;
/** As the service reads it: the severity as its name. */
export type UpdateFinding = z.output<typeof UpdateFindingInputSchema>;

export const BulkReviewFindingsInputSchema = z.object({
  complianceFindingIds: z.array(IdSchema).min(1).max(1000),
  isReviewed: z.boolean(),
});
export type BulkReviewFindingsInput = z.infer<typeof BulkReviewFindingsInputSchema>;

export const BulkReviewResultSchema = z.object({ updated: IntSchema });

// ---- issue images (GET /api/url-to-base64) ----

export const URL_TO_BASE64_MAX_BYTES = 5 * 1024 * 1024;

export const UrlToBase64QuerySchema = z.object({
  imageUrl: TextSchema.min(1).max(MAX_CRAWLER_ADDRESS_LENGTH),
  cache: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});
export type UrlToBase64Query = z.input<typeof UrlToBase64QuerySchema>;

export const UrlToBase64Schema = z.object({
  /** `data:<type>;base64,…`, usable as an <img src>. */
  base64: TextSchema,
  contentType: TextSchema,
});

/** GET /api/webcrawler/complianceFinding/{id}/snapshot: one finding of the caller's company. */
export const FindingSnapshotInputSchema = z.object({ id: QueryIdSchema });

// ---- the company's websites (scheduled re-scans) ----

export const RESCAN_FREQUENCIES = ['WEEKLY'] as const;

export const WebsiteSchema = z.object({
  plWebsiteId: IntSchema,
  plCompanyId: IntSchema,
  url: TextSchema,
  rescanEnabled: z.boolean(),
  rescanFrequency: z.enum(RESCAN_FREQUENCIES),
  lastScanAt: TextSchema.nullable(),
  nextScanAt: TextSchema.nullable(),
  lastViolationCheckId: IntSchema.nullable(),
});
export type Website = z.infer<typeof WebsiteSchema>;

export const WebsiteListSchema = z.object({ websites: z.array(WebsiteSchema) });

export const UpsertWebsiteInputSchema = z.object({
  plCompanyId: IdSchema,
  url: requiredText(MAX_CRAWLER_ADDRESS_LENGTH, CRAWLER_URL_REFUSALS),
  rescanEnabled: z.boolean().default(true),
});
export type UpsertWebsiteInput = z.input<typeof UpsertWebsiteInputSchema>;

export const DeleteWebsiteInputSchema = z.object({ plCompanyId: IdSchema, plWebsiteId: IdSchema });
export type DeleteWebsiteInput = z.infer<typeof DeleteWebsiteInputSchema>;

// The product catalogue's shapes live in product.ts; kept importable from here.
export * from './product.ts';

// ---- live channel ----

/** Event sent to the company room on every progress step and at the end of a scan. */
export const SCAN_PROGRESS_EVENT = 'scan-progress';
export const ScanProgressEventSchema = ScanJobSchema;
