export { scanSite } from './scan-site.ts';
export type { ScanOptions } from './scan-site.ts';
export { launchBrowser } from './render.ts';
export type { ScanBrowser } from './render.ts';
export { MAX_CRAWL_DELAY_SECONDS } from './crawl-delay.ts';
export { checkUrl } from './check-url.ts';
export type { CheckUrlOptions, CheckUrlResult, UrlWarning } from './check-url.ts';
export { ScanError, parseSiteUrl } from './errors.ts';
export type { ScanErrorCode } from './errors.ts';
export { defaultDictionary, loadDictionary, parseDictionary } from './dictionary.ts';
export type { Dictionary, PhraseGroup, RuleInfo, TermGroup, VerbGroup } from './dictionary.ts';
export { ClaimMatcher, normaliseWords } from './matcher.ts';
export type { Match, MatcherOptions, SegmentAnalysis } from './matcher.ts';
export {
  SsrfBlockedError,
  createGuardedAgent,
  findSsrfError,
  forbiddenRange,
  isHostAllowed,
  parseAllowHosts,
} from './ssrf-guard.ts';
export type { GuardOptions } from './ssrf-guard.ts';
export { extractPage } from './extract.ts';
export type { PageContent } from './extract.ts';
export { captionSegments, parseCaptions } from './captions.ts';
export type { CaptionSegment, Cue } from './captions.ts';
export { compareProducts, normaliseProductName } from './products.ts';
export { renderReportPdf } from './report-pdf.ts';
export { REPORT_LANGUAGES } from './report-phrases.ts';
export type { ReportLanguage } from './report-phrases.ts';
export type { ReportPdfOptions } from './report-pdf.ts';
export { ImageTextReader, ImageTooLargeError, MAX_OCR_PIXELS, englishLangPath } from './ocr.ts';
export { PDF_TEXT_LIMITS, isPdf, pdfPageTexts } from './pdf.ts';
export type { PdfTextLimits } from './pdf.ts';
export { WorkerLimitError, runInWorker } from './bounded-worker.ts';
export type { WorkerLimits } from './bounded-worker.ts';
export type * from './types.ts';
