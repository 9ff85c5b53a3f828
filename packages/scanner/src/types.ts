export type Severity = 'HIGH' | 'MEDIUM' | 'LOW';

/** Finding categories; FDA_DISCLAIMER and AGE_RESTRICTION match the spec's violation types of the same name. */
export type ViolationCategory =
  'DISEASE_CLAIM' | 'ABSOLUTE_CLAIM' | 'FDA_DISCLAIMER' | 'ADDITIONAL_WORD' | 'AGE_RESTRICTION';

/** The spec's violation types (spec 3, enumerations): claims in text are NON_COMPLIANCE. */
export type ViolationType = 'FDA_DISCLAIMER' | 'NON_COMPLIANCE' | 'AGE_RESTRICTION';

/** Where a piece of text came from on a page; decides imageUrl / isInVideo on a finding. */
export type TextSource = 'text' | 'title' | 'meta' | 'alt' | 'ocr' | 'caption';

/** One entry of the spec's "Violation check detail" violations list, plus the scanner's own fields. */
export interface Violation {
  description: string;
  url: string;
  imageUrl: string | null;
  isInVideo: boolean;
  /** Seconds from the start of the video; null for anything not in a video. */
  startTime: number | null;
  evidence: string;
  category: ViolationCategory;
  term: string;
  severity: Severity;
  ruleRef: string;
  hint: string;
  /** Caption track findings only: the video the cue belongs to, so a report can link to it. */
  videoUrl?: string;
  /** The spec's violation type; scanSite always sets it (optional for results stored before it existed). */
  type?: ViolationType;
  /** Findings in a linked PDF: the document, and the page (from 1) the sentence is on. */
  pdfUrl?: string;
  pdfPage?: number;
  /** Findings on a rendered page with snapshots on: the PNG crop of the element, claim highlighted. */
  snapshot?: string;
}

export interface AuthorizedProductResult {
  productName: string;
  found: boolean;
}

export interface UnauthorizedProductResult {
  productName: string;
  url: string;
}

export interface ProductVerification {
  authorizedProducts: AuthorizedProductResult[];
  unauthorizedProducts: UnauthorizedProductResult[];
}

export interface ScanResult {
  url: string;
  /** ISO 8601 time the scan finished. */
  checkTime: string;
  violationCount: number;
  violations: Violation[];
  productVerification: ProductVerification;
  pagesScanned: number;
  /** What the scan could not do as asked, once each (no Chromium to render pages built by scripts). */
  warnings?: string[];
}

export interface ScanProgress {
  done: number;
  queued: number;
}
