import { z } from 'zod';
import {
  BulkReviewFindingsInputSchema,
  BulkReviewResultSchema,
  CheckValidUrlQuerySchema,
  CompanyQuerySchema,
  CreateProductInputSchema,
  DeleteProductInputSchema,
  DeleteWebsiteInputSchema,
  FindingSnapshotInputSchema,
  ProductListSchema,
  ProductScanRequestSchema,
  ProductScanTasksSchema,
  ProductSchema,
  ReportLinkInputSchema,
  ReportLinkSchema,
  ScanJobInputSchema,
  ScanJobListSchema,
  ScanJobSchema,
  ScanRequestSchema,
  ScanStartSchema,
  ScanTaskInputSchema,
  ScanUrlListingQuerySchema,
  UpdateFindingInputSchema,
  UpdateProductInputSchema,
  UpsertWebsiteInputSchema,
  UrlCheckSchema,
  UrlToBase64QuerySchema,
  UrlToBase64Schema,
  ViolationCheckDetailInputSchema,
  ViolationCheckDetailSchema,
  ViolationCheckListingInputSchema,
  ViolationCheckListingSchema,
  ViolationSchema,
  WebsiteListSchema,
  WebsiteSchema,
} from '../schemas/webcrawler.ts';
import { LANGUAGES } from '../rules/themes.ts';
import { QueryEpochMsSchema, QueryIdSchema, TextSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

/**
 * The Webcrawler's calls (spec 3 §7 Scanner, issue 17 "API"). Every call is company-scoped; issue
 * details (violationCheckDetail, the report link, url-to-base64) answer 402 PLAN_LIMIT_REACHED with
 * the upgrade banner's text when the company's plan does not allow viewing issues.
 */
const tag = 'webcrawler';
const OkSchema = z.object({ ok: z.literal(true) });

/**
 * 404 NOT_FOUND "Url not connected" when the site answers 404/410/5xx or cannot be reached; an address
 * that is not a website's is 400, as the scan refuses it.
 */
export const checkValidUrl = endpoint({
  method: 'GET',
  path: '/api/check-valid-url',
  input: CheckValidUrlQuerySchema,
  output: UrlCheckSchema,
  access: 'user',
  tag,
  summary: 'Check that a website answers before scanning it',
  description:
    'Asks the website once, through the scanner\'s SSRF guard, before a scan is started. Answers the status and, when the site only works over plain HTTP or with a certificate problem, a warning (HTTP_FALLBACK_USED, SSL_CERTIFICATE_ISSUE). A site that answers 404, 410 or 5xx, or cannot be reached, is NOT_FOUND "Url not connected"; an address that is not an http(s) website\'s is VALIDATION_FAILED "Please enter a valid URL (e.g., https://example.com)" on scanUrl, as the scan answers it.',
});

export const scanUrl = endpoint({
  method: 'POST',
  path: '/api/webcrawler/scanUrl',
  input: ScanRequestSchema,
  output: ScanStartSchema,
  access: 'user',
  tag,
  summary: 'Start a scan of a website (queued behind a running scan of the same website)',
  description:
    "Queues a scan of a website for a company the caller belongs to (a super admin: any company). The options follow spec 3's Scan request; a second scan of the same website waits for the running one. Answers the job id and its violation check id; progress arrives on the company's live channel and through getScanUrlJob. Too many waiting scans for one company is RATE_LIMITED.",
  errors: ['RATE_LIMITED'],
});

export const getScanUrlJob = endpoint({
  method: 'POST',
  path: '/api/webcrawler/getScanUrlJob',
  input: ScanJobInputSchema,
  output: ScanJobSchema,
  access: 'user',
  tag,
  summary: 'Status and progress of a scan',
  description:
    "Status (processing, completed, failed, cancelled), pages done and queued, and the violation check id of one scan of the caller's company. Polled every 7 s by the progress notice when the live channel is down.",
});

export const getScanTaskStatus = endpoint({
  method: 'GET',
  path: '/api/webcrawler/task/{id}/status',
  input: ScanTaskInputSchema,
  output: ScanJobSchema,
  access: 'user',
  tag,
  summary: 'Status and progress of a scan or product scan task',
  description:
    "The same status and progress as getScanUrlJob, by id in the path, for a website scan or a product scan task of the caller's company.",
});

export const scanUrlListing = endpoint({
  method: 'GET',
  path: '/api/webcrawler/scanUrlListing',
  input: ScanUrlListingQuerySchema,
  output: ScanJobListSchema,
  access: 'user',
  tag,
  summary: "A company's scans, newest first, optionally by status",
  description:
    "The company's scans, newest first, optionally filtered by status; the progress notice reads it after a reload to show the scans still running.",
});

export const cancelScanUrlJob = endpoint({
  method: 'POST',
  path: '/api/webcrawler/cancelScanUrlJob',
  input: ScanJobInputSchema,
  output: ScanJobSchema,
  access: 'user',
  tag,
  summary: 'Cancel a queued or running scan (recorded as cancelled)',
  description:
    "Stops a queued or running scan of the caller's company within seconds and records it as cancelled; a scan that has already finished is left as it is.",
});

export const violationCheckListing = endpoint({
  method: 'POST',
  path: '/api/webcrawler/violationCheckListing',
  input: ViolationCheckListingInputSchema,
  output: ViolationCheckListingSchema,
  access: 'user',
  tag,
  summary: "A company's scan results, newest first, within a period",
  description:
    "The company's scan results, newest first, with each one's URL, time, number of violations and of findings, within the period asked (All Time, Last Week, Last Month, Last 3 Months).",
});

export const violationCheckDetail = endpoint({
  method: 'POST',
  path: '/api/webcrawler/violationCheckDetail',
  input: ViolationCheckDetailInputSchema,
  output: ViolationCheckDetailSchema,
  access: 'user',
  tag,
  summary: 'One scan result with its findings (402 when the plan does not allow viewing issues)',
  description:
    "One scan result with every finding: severity, violation type, rule reference, remediation hint, evidence, page and review marks (new since last scan, resolved). When the company's plan does not allow viewing issues it answers PLAN_LIMIT_REACHED with the upgrade banner's text, so the blur in the app is not the only barrier.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const violationCheckReportLink = endpoint({
  method: 'POST',
  path: '/api/webcrawler/violationCheckReportLink',
  input: ReportLinkInputSchema,
  output: ReportLinkSchema,
  access: 'user',
  tag,
  summary: 'A five-minute link to "Website Compliance Report.pdf" (402 when issues are not allowed)',
  description:
    "A signed link, valid five minutes, to the result as \"Website Compliance Report.pdf\", drawn by the same renderer as the CLI's report, with the product names, sentences and logo of the site template given (else the company's or the host's), its own words and date in the language given (en, fr, de or nl; English when absent). A siteTemplateId that names no published template (unknown, a draft, inactive) is 400 'Site template not found'. PLAN_LIMIT_REACHED when the plan does not allow viewing issues.",
  errors: ['PLAN_LIMIT_REACHED'],
});

/** Registered before complianceFinding/{id}, so `bulk` is never read as an id. */
export const bulkReviewComplianceFindings = endpoint({
  method: 'PATCH',
  path: '/api/webcrawler/complianceFinding/bulk',
  input: BulkReviewFindingsInputSchema,
  output: BulkReviewResultSchema,
  access: 'user',
  tag,
  summary: 'Mark findings reviewed or not',
  description:
    "Sets or clears the reviewed mark of several findings of the caller's company at once; findings of another company are NOT_FOUND and nothing changes.",
});

export const updateComplianceFinding = endpoint({
  method: 'PATCH',
  path: '/api/webcrawler/complianceFinding/{id}',
  input: UpdateFindingInputSchema,
  output: ViolationSchema,
  access: 'user',
  tag,
  summary: 'Set a finding’s severity and compliance, or its reviewed mark',
  description:
    "Changes one finding of the caller's company: its severity and whether it is compliant, or its reviewed mark.",
});

export const getScanProduct = endpoint({
  method: 'GET',
  path: '/api/webcrawler/scanProduct',
  input: CompanyQuerySchema,
  output: ProductScanTasksSchema,
  access: 'user',
  tag,
  summary: "A company's unfinished product scan tasks (none: the web reads completed)",
  description:
    "The company's product scan tasks that have not finished; an empty list means every task is completed (spec 3 §4 reads the first task's status).",
});

export const startScanProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/scanProduct',
  input: ProductScanRequestSchema,
  output: ScanStartSchema,
  access: 'user',
  tag,
  summary: "Start a product scan task: the website's products against the company's catalogue",
  description:
    "Starts a product scan task: the products found on the company's website compared with its catalogue, with products created from the scan when autoCreateProduct is on.",
});

export const scanProductHistories = endpoint({
  method: 'GET',
  path: '/api/webcrawler/scanProduct/histories',
  input: CompanyQuerySchema,
  output: ProductScanTasksSchema,
  access: 'user',
  tag,
  summary: "A company's product scan tasks, newest first",
  description: 'Every product scan task of the company, newest first, with its status and counts.',
});

/**
 * An issue image as a data URL: only an image a finding of one of the caller's companies references,
 * fetched through the scanner's SSRF guard, size-capped and cached.
 */
export const urlToBase64 = endpoint({
  method: 'GET',
  path: '/api/url-to-base64',
  input: UrlToBase64QuerySchema,
  output: UrlToBase64Schema,
  access: 'user',
  tag,
  summary: 'An image of a finding, as a data URL',
  description:
    "Returns an image as a data URL for the report, only when a finding of one of the caller's companies references it; fetched through the scanner's SSRF guard (metadata and private addresses refused), capped in size and cached. Anything else is NOT_FOUND.",
  errors: ['PAYLOAD_TOO_LARGE', 'PLAN_LIMIT_REACHED'],
});

export const complianceFindingSnapshot = endpoint({
  method: 'GET',
  path: '/api/webcrawler/complianceFinding/{id}/snapshot',
  input: FindingSnapshotInputSchema,
  output: UrlToBase64Schema,
  access: 'user',
  tag,
  summary: 'A finding’s page snapshot, as a data URL',
  description:
    "The PNG the scan took of the rendered page with the finding's claim highlighted (the report's issue image), for a finding of the caller's company that has one (hasSnapshot); any other finding is NOT_FOUND.",
  errors: ['PLAN_LIMIT_REACHED'],
});

// ---- websites (scheduled re-scans) ----

export const websiteListing = endpoint({
  method: 'GET',
  path: '/api/webcrawler/websites',
  input: CompanyQuerySchema,
  output: WebsiteListSchema,
  access: 'user',
  tag,
  summary: "A company's websites and their weekly re-scan",
  description: "The company's websites with their weekly re-scan setting, last scan and next run.",
});

/** Re-scans are a plan feature: enabling one answers 402 when the plan does not include it. */
export const upsertWebsite = endpoint({
  method: 'POST',
  path: '/api/webcrawler/upsertWebsite',
  input: UpsertWebsiteInputSchema,
  output: WebsiteSchema,
  access: 'user',
  tag,
  summary: 'Add a website or switch its weekly re-scan on or off',
  description:
    "Adds a website to the company's list or switches its weekly re-scan on or off. Re-scans are a plan feature: switching one on answers PLAN_LIMIT_REACHED when the plan does not include it.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const deleteWebsite = endpoint({
  method: 'POST',
  path: '/api/webcrawler/deleteWebsite',
  input: DeleteWebsiteInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Remove a website from the re-scan list (its scan results stay)',
  description: "Removes a website from the company's re-scan list; its scan results stay in the history.",
});

// ---- products (the product comparison's catalogue) ----

export const productListing = endpoint({
  method: 'GET',
  path: '/api/webcrawler/products',
  input: CompanyQuerySchema,
  output: ProductListSchema,
  access: 'user',
  tag,
  summary: "A company's products",
  description:
    "The company's product catalogue (name, status, where it came from), which product comparisons read.",
});

export const createProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/createProduct',
  input: CreateProductInputSchema,
  output: ProductSchema,
  access: 'user',
  tag,
  summary: 'Add a product (409 when the company already has one of that name)',
  description:
    "Adds a product to the company's catalogue; a product of the same name (case-insensitively) is CONFLICT.",
  errors: ['CONFLICT'],
});

export const updateProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/updateProduct',
  input: UpdateProductInputSchema,
  output: ProductSchema,
  access: 'user',
  tag,
  summary: 'Rename a product or change its status',
  description:
    'Renames a product of the company or changes its status; a name another product has is CONFLICT.',
  errors: ['CONFLICT'],
});

export const deleteProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/deleteProduct',
  input: DeleteProductInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Remove a product',
  description: "Removes a product from the company's catalogue.",
});

export const violationCheckReportFile = endpoint({
  method: 'GET',
  path: '/api/webcrawler/report',
  input: z.object({
    plCompanyId: QueryIdSchema,
    plViolationCheckId: QueryIdSchema,
    siteTemplateId: QueryIdSchema.optional(),
    /** The report's language (the scanner's report phrase tables are these four). */
    lang: z.enum(LANGUAGES).optional(),
    expires: QueryEpochMsSchema,
    sig: TextSchema.min(1).max(200),
  }),
  output: z.never(),
  file: { contentType: 'application/pdf' },
  access: 'public',
  tag: 'webcrawler',
  summary: 'Website Compliance Report.pdf (from a violationCheckReportLink link)',
  description:
    'Streams the scan result as "Website Compliance Report.pdf" while the link’s signature and five-minute expiry hold; no session needed (the signature is the credential).',
});
