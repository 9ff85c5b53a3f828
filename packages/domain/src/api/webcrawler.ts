import { z } from 'zod';
import {
  BulkReviewFindingsInputSchema,
  BulkReviewResultSchema,
  CheckValidUrlQuerySchema,
  CompanyQuerySchema,
  CreateProductInputSchema,
  DeleteProductInputSchema,
  DeleteWebsiteInputSchema,
  ProductListSchema,
  ProductScanRequestSchema,
  ProductScanTasksSchema,
  ProductSchema,
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
import { endpoint } from './endpoint.ts';

/**
 * The Webcrawler's calls (spec 3 §7 Scanner, issue 17 "API"). Every call is company-scoped; issue
 * details (violationCheckDetail, the report link, url-to-base64) answer 402 PLAN_LIMIT_REACHED with
 * the upgrade banner's text when the company's plan does not allow viewing issues.
 */
const tag = 'webcrawler';
const OkSchema = z.object({ ok: z.literal(true) });

/** 404 NOT_FOUND "Url not connected" when the site answers 404/410/5xx or cannot be reached. */
export const checkValidUrl = endpoint({
  method: 'GET',
  path: '/api/check-valid-url',
  input: CheckValidUrlQuerySchema,
  output: UrlCheckSchema,
  access: 'user',
  tag,
  summary: 'Check that a website answers before scanning it',
});

export const scanUrl = endpoint({
  method: 'POST',
  path: '/api/webcrawler/scanUrl',
  input: ScanRequestSchema,
  output: ScanStartSchema,
  access: 'user',
  tag,
  summary: 'Start a scan of a website (queued behind a running scan of the same website)',
});

export const getScanUrlJob = endpoint({
  method: 'POST',
  path: '/api/webcrawler/getScanUrlJob',
  input: ScanJobInputSchema,
  output: ScanJobSchema,
  access: 'user',
  tag,
  summary: 'Status and progress of a scan',
});

export const getScanTaskStatus = endpoint({
  method: 'GET',
  path: '/api/webcrawler/task/{id}/status',
  input: ScanTaskInputSchema,
  output: ScanJobSchema,
  access: 'user',
  tag,
  summary: 'Status and progress of a scan or product scan task',
});

export const scanUrlListing = endpoint({
  method: 'GET',
  path: '/api/webcrawler/scanUrlListing',
  input: ScanUrlListingQuerySchema,
  output: ScanJobListSchema,
  access: 'user',
  tag,
  summary: "A company's scans, newest first, optionally by status",
});

export const cancelScanUrlJob = endpoint({
  method: 'POST',
  path: '/api/webcrawler/cancelScanUrlJob',
  input: ScanJobInputSchema,
  output: ScanJobSchema,
  access: 'user',
  tag,
  summary: 'Cancel a queued or running scan (recorded as cancelled)',
});

export const violationCheckListing = endpoint({
  method: 'POST',
  path: '/api/webcrawler/violationCheckListing',
  input: ViolationCheckListingInputSchema,
  output: ViolationCheckListingSchema,
  access: 'user',
  tag,
  summary: "A company's scan results, newest first, within a period",
});

export const violationCheckDetail = endpoint({
  method: 'POST',
  path: '/api/webcrawler/violationCheckDetail',
  input: ViolationCheckDetailInputSchema,
  output: ViolationCheckDetailSchema,
  access: 'user',
  tag,
  summary: 'One scan result with its findings (402 when the plan does not allow viewing issues)',
});

export const violationCheckReportLink = endpoint({
  method: 'POST',
  path: '/api/webcrawler/violationCheckReportLink',
  input: ViolationCheckDetailInputSchema,
  output: ReportLinkSchema,
  access: 'user',
  tag,
  summary: 'A five-minute link to "Website Compliance Report.pdf" (402 when issues are not allowed)',
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
});

export const updateComplianceFinding = endpoint({
  method: 'PATCH',
  path: '/api/webcrawler/complianceFinding/{id}',
  input: UpdateFindingInputSchema,
  output: ViolationSchema,
  access: 'user',
  tag,
  summary: 'Set a finding’s severity and compliance, or its reviewed mark',
});

export const getScanProduct = endpoint({
  method: 'GET',
  path: '/api/webcrawler/scanProduct',
  input: CompanyQuerySchema,
  output: ProductScanTasksSchema,
  access: 'user',
  tag,
  summary: "A company's unfinished product scan tasks (none: the web reads completed)",
});

export const startScanProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/scanProduct',
  input: ProductScanRequestSchema,
  output: ScanStartSchema,
  access: 'user',
  tag,
  summary: "Start a product scan task: the website's products against the company's catalogue",
});

export const scanProductHistories = endpoint({
  method: 'GET',
  path: '/api/webcrawler/scanProduct/histories',
  input: CompanyQuerySchema,
  output: ProductScanTasksSchema,
  access: 'user',
  tag,
  summary: "A company's product scan tasks, newest first",
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
});

export const deleteWebsite = endpoint({
  method: 'POST',
  path: '/api/webcrawler/deleteWebsite',
  input: DeleteWebsiteInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Remove a website from the re-scan list (its scan results stay)',
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
});

export const createProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/createProduct',
  input: CreateProductInputSchema,
  output: ProductSchema,
  access: 'user',
  tag,
  summary: 'Add a product (409 when the company already has one of that name)',
});

export const updateProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/updateProduct',
  input: UpdateProductInputSchema,
  output: ProductSchema,
  access: 'user',
  tag,
  summary: 'Rename a product or change its status',
});

export const deleteProduct = endpoint({
  method: 'POST',
  path: '/api/webcrawler/deleteProduct',
  input: DeleteProductInputSchema,
  output: OkSchema,
  access: 'user',
  tag,
  summary: 'Remove a product',
});
