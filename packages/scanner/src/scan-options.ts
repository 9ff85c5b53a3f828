import type dns from 'node:dns';
import type { Dispatcher } from 'undici';
import type { Dictionary } from './dictionary.ts';
import type { ScanBrowser } from './render.ts';
import type { ScanProgress } from './types.ts';

/** What a scan reads, how far and how fast; every option has a default. */
export interface ScanOptions {
  /** Most pages fetched (default 500). Pages are taken breadth-first, so a cap keeps those nearest the start. */
  maxPages?: number;
  /** Most link hops from the start page (default: no limit; sitemap pages count as depth 1). */
  maxDepth?: number;
  /** No new page is started after this long (default 30 minutes); pages already read are reported. */
  maxDurationMs?: number;
  /** Bytes read per page, caption file or sitemap; the rest is cut (default 5 MB). */
  maxPageBytes?: number;
  /** Per request, headers and body (default 15 s). */
  requestTimeoutMs?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Obey robots.txt Disallow rules for the scanner's user agent (default true). */
  respectRobots?: boolean;
  /**
   * Space requests to the site by robots.txt's Crawl-delay for the scanner's user agent, cut to
   * MAX_CRAWL_DELAY_SECONDS (default: as respectRobots). False ignores the delay.
   */
  respectCrawlDelay?: boolean;
  additionalWords?: readonly string[];
  /** Read caption tracks (WebVTT, SRT) of videos (default false: the spec's "Video Analysis" option). */
  includeVideo?: boolean;
  /** Read same-site PDFs the pages link to (product sheets, lab reports) (default true). */
  readPdfs?: boolean;
  /** Most PDFs read per scan (default 20). */
  maxPdfs?: number;
  /** Bytes read per PDF; a larger one is skipped (default 10 MB). */
  maxPdfBytes?: number;
  /** Read text inside images with OCR (default true). */
  analyzeImages?: boolean;
  /** Most images read by OCR per scan (default 40). */
  maxImages?: number;
  maxImageBytes?: number;
  authorizedProducts?: readonly string[];
  /** 'host:port' pairs the SSRF guard lets through (tests, the demo site). */
  allowHosts?: readonly string[];
  /** Accept invalid TLS certificates (after checkUrl warned SSL_CERTIFICATE_ISSUE). */
  ignoreTlsErrors?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  dictionary?: Dictionary;
  /** DNS lookup for the guard (tests); the guard still checks every answer. */
  lookup?: typeof dns.lookup;
  /** Replaces the guarded agent; the caller is then responsible for its SSRF safety. */
  dispatcher?: Dispatcher;
  /**
   * Render pages in headless Chromium and read the DOM scripts built: true renders every page, false
   * none; by default a page is rendered when its HTML carries little text but runs scripts.
   */
  render?: boolean;
  /** Chromium's executable (default: the CHROME_PATH environment variable, else /usr/bin/chromium). */
  chromePath?: string;
  /**
   * A browser the caller launched (`launchBrowser`) and closes, for several scans in turn: the scan
   * renders in a context of its own and leaves the browser open. Absent: the scan launches its own
   * on the first page it renders and closes it at its end.
   */
  browser?: ScanBrowser;
  /** Pages rendering at once, in one browser for the scan (default 4). */
  renderConcurrency?: number;
  /** Directory for snapshots: a PNG crop, claim highlighted, of each finding on a rendered page. */
  snapshotDir?: string;
  /** Told once of anything the scan could not do as asked (no Chromium); also in the result's warnings. */
  onWarning?: (message: string) => void;
}
