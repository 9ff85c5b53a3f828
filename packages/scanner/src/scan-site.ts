import type dns from 'node:dns';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import robotsParserModule from 'robots-parser';
import type { Dispatcher } from 'undici';
import { XMLParser } from 'fast-xml-parser';
import { Automaton } from './automaton.ts';
import { captionSegments, cueStartAt, parseCaptions } from './captions.ts';
import { defaultDictionary } from './dictionary.ts';
import type { AgeRestrictionRule, Dictionary } from './dictionary.ts';
import { RequestPacer, crawlDelayMs } from './crawl-delay.ts';
import { ScanError, describeNetworkError, parseSiteUrl } from './errors.ts';
import { extractPage } from './extract.ts';
import type { PageContent } from './extract.ts';
import { decodeBody, fetchResource } from './http.ts';
import type { FetchedResource } from './http.ts';
import { ClaimMatcher, normaliseWords } from './matcher.ts';
import type { Match } from './matcher.ts';
import { ImageTextReader, isOcrImageType } from './ocr.ts';
import { isPdf, pdfPageTexts } from './pdf.ts';
import { compareProducts, normaliseProductName } from './products.ts';
import type { SiteProduct } from './products.ts';
import { atWordBoundary, collapseWhitespace } from './sentences.ts';
import { leaseGuardedAgent } from './agent-pool.ts';
import { PageRenderer, RENDER_TEXT_THRESHOLD, snapshotFileName } from './render.ts';
import type { RenderedPage } from './render.ts';
import type {
  ScanProgress,
  ScanResult,
  Severity,
  Violation,
  ViolationCategory,
  ViolationType,
} from './types.ts';

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
  /** Pages rendering at once, in one browser for the scan (default 4). */
  renderConcurrency?: number;
  /** Directory for snapshots: a PNG crop, claim highlighted, of each finding on a rendered page. */
  snapshotDir?: string;
  /** Told once of anything the scan could not do as asked (no Chromium); also in the result's warnings. */
  onWarning?: (message: string) => void;
}

interface Robots {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
}
type RobotsParser = (url: string, robotstxt: string) => Robots;
// robots-parser is CommonJS whose typings declare an ES default export: Node hands the function over as
// the default import, TypeScript sees a namespace, and bundlers may add a .default. Accept both shapes.
const robotsParser: RobotsParser =
  (robotsParserModule as unknown as { default?: RobotsParser }).default ??
  (robotsParserModule as unknown as RobotsParser);

const ROBOTS_AGENT = 'TrustleafScanner';
const SKIP_EXTENSIONS =
  /\.(?:jpe?g|png|gif|webp|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|rar|7z|mp4|m4v|mov|webm|avi|mp3|wav|ogg|woff2?|ttf|eot|css|js|json|xml|txt|csv|xlsx?|docx?|pptx?|exe|dmg|apk)$/i;
const PDF_LINK = /\.pdf(?:$|\?)/i;
const SEVERITY_ORDER: Record<Severity, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };
const FDA_DISCLAIMER_TEXT = 'This product is not intended to diagnose, treat, cure, or prevent any disease.';

let sharedMatcher: ClaimMatcher | undefined;

/** The shipped dictionary's matcher, compiled once per process: scans without their own words share it. */
function defaultMatcher(): ClaimMatcher {
  sharedMatcher ??= new ClaimMatcher();
  return sharedMatcher;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^www\./i, '').toLowerCase();
}

interface QueuedPage {
  url: string;
  prefetched: FetchedResource | undefined;
}

/**
 * One page, one key: http and https, the www twin, a trailing slash and an index file name
 * ("/index.html") all name the same page; tracking parameters are removed before (stripTracking).
 */
export function pageKey(url: URL): string {
  let path = url.pathname;
  if (path.length > 1) {
    const last = path.lastIndexOf('/');
    if (last < path.length - 1 && INDEX_FILE.test(path.slice(last + 1))) path = path.slice(0, last + 1);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  }
  return `${bareHost(url.hostname)}${path}${url.search}`;
}

const INDEX_FILE = /^(?:index|default)\.(?:html?|php|aspx?|jsp)$/i;
/** Query parameters that only say where a visitor came from: the page is the same without them. */
const TRACKING_PARAM =
  /^(?:utm_\w+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|__hstc|__hssc|__hsfp|mkt_tok|srsltid|oly_anon_id|oly_enc_id|vero_id|wickedid|_kx|ref_src)$/i;

/** Removes tracking parameters and sorts the rest, so one page has one address. */
export function stripTracking(url: URL): void {
  if (url.search.length <= 1) return;
  const params = url.searchParams;
  for (const name of [...params.keys()]) if (TRACKING_PARAM.test(name)) params.delete(name);
  params.sort();
  url.search = params.size > 0 ? params.toString() : '';
}

/** What decides whether two addresses serve the same page: its title and visible text. */
function fingerprintOf(content: PageContent): string {
  const hash = createHash('sha1').update(content.title);
  for (const block of content.blocks) hash.update('\n').update(block);
  return hash.digest('base64');
}

function violationType(category: ViolationCategory): ViolationType {
  return category === 'FDA_DISCLAIMER' || category === 'AGE_RESTRICTION' ? category : 'NON_COMPLIANCE';
}

interface AgeRule {
  rule: AgeRestrictionRule;
  /** The first word that makes this text a cannabis page, if any. */
  cannabisMarker(text: string): string | undefined;
  /** Whether the page (HTML as served, or rendered text) carries an age gate. */
  hasGate(html: string): boolean;
}

const ageRules = new WeakMap<Dictionary, AgeRule | null>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Terms as one case-insensitive regular expression, each on word boundaries (literal, never user regex). */
function termsRegExp(terms: readonly string[], flags: string): RegExp {
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, `iu${flags}`);
}

/** The age gate rule of a dictionary (the shipped one when the dictionary has none), compiled once. */
function ageRestrictionOf(dictionary: Dictionary): AgeRule | undefined {
  let compiled = ageRules.get(dictionary);
  if (compiled === undefined) {
    const rule = dictionary.ageRestriction ?? defaultDictionary().ageRestriction;
    compiled = rule ? compileAgeRule(rule) : null;
    ageRules.set(dictionary, compiled);
  }
  return compiled ?? undefined;
}

function compileAgeRule(rule: AgeRestrictionRule): AgeRule {
  const markers = termsRegExp(rule.siteMarkers, '');
  const exempt = rule.exemptContexts.length > 0 ? termsRegExp(rule.exemptContexts, 'g') : undefined;
  const gate = termsRegExp(rule.gateMarkers, '');
  return {
    rule,
    cannabisMarker(text) {
      const folded = exempt ? text.replace(exempt, ' ') : text;
      return markers.exec(folded)?.[0];
    },
    hasGate: (html) => gate.test(html),
  };
}

function isHtml(contentType: string): boolean {
  return contentType === '' || contentType.includes('text/html') || contentType.includes('application/xhtml');
}

/** Crawls one site and reports its risky claims in the spec's "Violation check detail" shape. */
export async function scanSite(inputUrl: string, options: ScanOptions = {}): Promise<ScanResult> {
  const startUrl = parseSiteUrl(inputUrl);
  const maxPages = options.maxPages ?? 500;
  const maxDepth = options.maxDepth ?? Infinity;
  const deadline = performance.now() + (options.maxDurationMs ?? 30 * 60_000);
  const maxPageBytes = options.maxPageBytes ?? 5 * 1024 * 1024;
  const timeoutMs = options.requestTimeoutMs ?? 15_000;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const respectRobots = options.respectRobots ?? true;
  const respectCrawlDelay = options.respectCrawlDelay ?? respectRobots;
  const analyzeImages = options.analyzeImages ?? true;
  const maxImages = options.maxImages ?? 40;
  const maxImageBytes = options.maxImageBytes ?? 5 * 1024 * 1024;
  const readPdfs = options.readPdfs ?? true;
  const maxPdfs = options.maxPdfs ?? 20;
  const maxPdfBytes = options.maxPdfBytes ?? 10 * 1024 * 1024;
  const signal = options.signal;
  const leased = options.dispatcher
    ? undefined
    : leaseGuardedAgent({
        allowHosts: options.allowHosts,
        lookup: options.lookup,
        rejectUnauthorized: !options.ignoreTlsErrors,
        connectTimeoutMs: timeoutMs,
      });
  const dispatcher: Dispatcher = options.dispatcher ?? leased!.agent;
  const matcher =
    options.dictionary || normaliseWords(options.additionalWords ?? []).length > 0
      ? new ClaimMatcher({ dictionary: options.dictionary, additionalWords: options.additionalWords })
      : defaultMatcher();
  const reader = analyzeImages ? new ImageTextReader() : undefined;
  const authorised = (options.authorizedProducts ?? []).map(normaliseProductName).filter(Boolean);
  const productAutomaton = authorised.length > 0 ? new Automaton(authorised) : undefined;

  const fetchOpts = { dispatcher, signal, timeoutMs, maxBytes: maxPageBytes };
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    options.onWarning?.(message);
  };
  const renderer =
    options.render === false
      ? undefined
      : new PageRenderer({
          chromePath: options.chromePath,
          concurrency: options.renderConcurrency,
          dispatcher,
          timeoutMs,
          maxBytes: maxPageBytes,
          signal,
          onWarning: warn,
        });
  const snapshotDir = options.snapshotDir;
  /** Whether a page is read as the browser shows it: always with render, else when scripts build its text. */
  const wantsRender = (content: PageContent) => {
    if (options.render === true) return true;
    if (!content.loadsScripts) return false;
    let length = 0;
    for (const block of content.blocks) length += block.length;
    return length < RENDER_TEXT_THRESHOLD;
  };
  const violations = new Map<string, Violation>();
  const siteProducts: SiteProduct[] = [];
  const productTextHits = new Set<string>();
  const seenImages = new Set<string>();
  const seenTracks = new Set<string>();
  const seenPdfs = new Set<string>();
  let imagesRead = 0;
  let pagesScanned = 0;
  let done = 0;

  const throwIfCancelled = () => {
    if (signal?.aborted)
      throw new ScanError('CANCELLED', 'Webcrawler is cancelled', { cause: signal.reason });
  };

  try {
    throwIfCancelled();
    // robots.txt of the address typed is asked for alongside the start page: most sites do not redirect
    // their start page to another origin, and the crawl waits for robots.txt before its first link.
    const earlyRobotsAbort = new AbortController();
    const earlyRobots = loadRobots(startUrl, {
      ...fetchOpts,
      signal: signal ? AbortSignal.any([signal, earlyRobotsAbort.signal]) : earlyRobotsAbort.signal,
    });
    // The start page decides the site: a redirect (http→https, to the www twin or to a new domain) is followed.
    let first: FetchedResource;
    try {
      first = await fetchResource(startUrl.href, fetchOpts);
    } catch (err) {
      earlyRobotsAbort.abort();
      throwIfCancelled();
      const { code, message } = describeNetworkError(err);
      throw new ScanError(code, `Url not connected: ${message}`, { cause: err });
    }
    if (first.status >= 400 || !isHtml(first.contentType)) earlyRobotsAbort.abort();
    if (first.status >= 400) {
      throw new ScanError('HTTP_ERROR', `Url not connected: the site answered HTTP ${first.status}`);
    }
    if (!isHtml(first.contentType)) {
      throw new ScanError('NOT_HTML', `The start page is not an HTML page (${first.contentType})`);
    }
    const site = new URL(first.url);
    const siteHost = bareHost(site.hostname);
    const sitePort = site.port;
    const isSameSite = (url: URL) =>
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      bareHost(url.hostname) === siteHost &&
      url.port === sitePort;

    let robots: Robots | undefined;
    if (site.origin === startUrl.origin) {
      robots = await earlyRobots;
    } else {
      earlyRobotsAbort.abort();
      robots = await loadRobots(site, fetchOpts);
    }
    const allowedByRobots = (url: URL) =>
      !respectRobots || !robots || robots.isAllowed(url.href, ROBOTS_AGENT) !== false;
    // Every later request to the site (sitemaps, pages, its own images and caption files) waits for
    // its slot when robots.txt asks for a Crawl-delay; other hosts (a CDN) are not paced.
    const pacer = new RequestPacer(respectCrawlDelay ? crawlDelayMs(robots?.getCrawlDelay(ROBOTS_AGENT)) : 0);
    const fetchFromSite = async (url: string, opts: FetchOpts, sameSite?: true): Promise<FetchedResource> => {
      if (sameSite ?? isSameSite(new URL(url))) await pacer.wait(signal);
      return fetchResource(url, opts);
    };

    // Breadth-first: one queue per depth, the shallowest served first, so a page cap keeps the pages
    // nearest the start whatever order the responses come back in. A page (its normalised address,
    // pageKey) is queued once; `read` holds the pages read, by key, with a fingerprint of their text
    // where a canonical link made one necessary.
    const frontier: Array<{ items: QueuedPage[]; head: number }> = [];
    let shallowest = 0;
    let frontierSize = 0;
    let started = 0;
    let active = 0;
    let seeding = true;
    const queuedKeys = new Set<string>();
    const read = new Map<string, string>();
    const ageRule = ageRestrictionOf(matcher.dictionary);
    let cannabisPage: { url: string; marker: string } | undefined;
    let startHasAgeGate = false;
    const considered = new Set<string>();
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const report = () =>
      options.onProgress?.({ done, queued: started + Math.min(frontierSize, maxPages - started) });

    const addViolation = (
      pageUrl: string,
      match: Match,
      extra: {
        imageUrl?: string;
        startTime?: number;
        videoUrl?: string;
        where?: string;
        pdfUrl?: string;
        pdfPage?: number;
      },
    ) => {
      const violation: Violation = {
        description: extra.where ? `${match.description} (${extra.where})` : match.description,
        url: pageUrl,
        imageUrl: extra.imageUrl ?? null,
        isInVideo: extra.startTime !== undefined,
        startTime: extra.startTime ?? null,
        evidence: match.evidence,
        category: match.category,
        term: match.term,
        severity: match.severity,
        ruleRef: match.ruleRef,
        hint: match.hint,
        ...(extra.videoUrl ? { videoUrl: extra.videoUrl } : {}),
        type: violationType(match.category),
        ...(extra.pdfUrl ? { pdfUrl: extra.pdfUrl, pdfPage: extra.pdfPage } : {}),
      };
      // Site-wide boilerplate (a footer claim on every page) is one issue, reported on its first page.
      const key = [match.category, match.term, match.evidence, violation.imageUrl, violation.startTime].join(
        '\u0000',
      );
      if (!violations.has(key)) violations.set(key, violation);
    };

    const analyse = (pageUrl: string, text: string, extra: Parameters<typeof addViolation>[2] = {}) => {
      const result = matcher.analyze(text);
      for (const m of result.matches) addViolation(pageUrl, m, extra);
      return result.hasDisclaimer;
    };

    const readImage = async (pageUrl: string, imageUrl: string) => {
      if (!reader || imagesRead >= maxImages) return;
      imagesRead++;
      try {
        const res = await fetchFromSite(imageUrl, { ...fetchOpts, maxBytes: maxImageBytes });
        if (res.status >= 400 || res.truncated || !isOcrImageType(res.contentType)) return;
        const text = collapseWhitespace(await reader.read(res.body));
        if (text) analyse(pageUrl, text, { imageUrl, where: 'text in image' });
      } catch {
        // An unreadable image must not fail the page; the rest of the page has been read.
      }
    };

    const readPdf = async (pageUrl: string, pdfUrl: string) => {
      try {
        const res = await fetchFromSite(pdfUrl, { ...fetchOpts, maxBytes: maxPdfBytes }, true);
        if (res.status >= 400 || res.truncated || !isPdf(res.body)) return;
        const pages = await pdfPageTexts(
          new Uint8Array(res.body.buffer, res.body.byteOffset, res.body.byteLength),
        );
        const name = decodeURIComponent(new URL(pdfUrl).pathname.split('/').pop() ?? pdfUrl);
        pages.forEach((text, i) => {
          const clean = collapseWhitespace(text);
          if (clean) analyse(pageUrl, clean, { pdfUrl, pdfPage: i + 1, where: `PDF ${name}, page ${i + 1}` });
        });
      } catch {
        // A broken or encrypted PDF is skipped; the pages that link it have been read.
      }
    };

    const readCaptions = async (pageUrl: string, videoUrl: string, trackUrl: string) => {
      try {
        const res = await fetchFromSite(trackUrl, fetchOpts);
        if (res.status >= 400) return;
        // Sentences run across cues: each is read whole and reported at the start of the cue it begins in.
        const reported = new Set<string>();
        for (const segment of captionSegments(parseCaptions(decodeBody(res.body, res.contentType)))) {
          for (const match of matcher.analyze(segment.text).matches) {
            const startTime = cueStartAt(segment, match.at);
            const key = `${match.term}\u0000${startTime}`;
            if (reported.has(key)) continue;
            reported.add(key);
            addViolation(pageUrl, match, { startTime, videoUrl, where: 'video captions' });
          }
        }
      } catch {
        // A missing caption file is the video's problem, not the scan's.
      }
    };

    const readPage = async (
      pageUrl: string,
      content: PageContent,
      depth: number,
      onFindings?: (added: Violation[]) => Promise<void>,
    ) => {
      pagesScanned++;
      // Findings of this page's own text are added below without a pause, so they are the map's last.
      const before = violations.size;
      if (ageRule && !cannabisPage) {
        const marker = ageRule.cannabisMarker(`${content.title}\n${content.blocks.join('\n')}`);
        if (marker) cannabisPage = { url: pageUrl, marker };
      }
      let hasDisclaimer = false;
      if (content.title) analyse(pageUrl, content.title, { where: 'page title' });
      if (content.metaDescription) analyse(pageUrl, content.metaDescription, { where: 'meta description' });
      for (const d of content.descriptions ?? []) analyse(pageUrl, d.text, { where: d.where });
      const body = matcher.analyzeBlocks(content.blocks);
      for (const m of body.matches) addViolation(pageUrl, m, {});
      if (body.hasDisclaimer) hasDisclaimer = true;
      for (const image of content.images) {
        if (image.alt) analyse(pageUrl, image.alt, { imageUrl: image.url, where: 'image alt text' });
        if (image.title) analyse(pageUrl, image.title, { imageUrl: image.url, where: 'image title' });
      }
      for (const name of content.products) siteProducts.push({ productName: name, url: pageUrl });
      if (content.products.length > 0 && !hasDisclaimer) {
        const d = matcher.dictionary.disclaimer;
        // Variants of one product page (?color=red) that name the same canonical page are one finding.
        const canonical =
          content.canonical && isSameSite(new URL(content.canonical)) ? content.canonical : undefined;
        const productUrl = canonical ?? pageUrl;
        addViolation(
          productUrl,
          {
            category: d.category,
            term: 'fda disclaimer',
            severity: d.severity,
            ruleRef: d.ruleRef,
            hint: d.hint,
            description: 'Product page without the FDA disclaimer',
            evidence: `Product page "${content.title || content.products[0]}" (${productUrl}) does not carry the FDA disclaimer "${FDA_DISCLAIMER_TEXT}"`,
            at: 0,
          },
          {},
        );
      }
      if (productAutomaton) {
        const text = normaliseProductName(content.blocks.join(' '));
        for (const hit of productAutomaton.search(text)) {
          if (atWordBoundary(text, hit.start, hit.end)) productTextHits.add(authorised[hit.pattern]!);
        }
      }

      if (depth < maxDepth) {
        for (const link of content.links) schedule(link, depth + 1);
      }

      const pending: Array<Promise<void>> = [];
      if (onFindings) pending.push(onFindings([...violations.values()].slice(before)));
      if (readPdfs) {
        for (const link of content.links) {
          if (seenPdfs.size >= maxPdfs || !PDF_LINK.test(link) || seenPdfs.has(link)) continue;
          const url = new URL(link);
          if (!isSameSite(url) || !allowedByRobots(url)) continue;
          seenPdfs.add(link);
          pending.push(readPdf(pageUrl, link));
        }
      }
      if (options.includeVideo) {
        for (const video of content.videos) {
          for (const track of video.tracks) {
            if (seenTracks.has(track)) continue;
            seenTracks.add(track);
            pending.push(readCaptions(pageUrl, video.videoUrl, track));
          }
        }
      }
      if (reader) {
        for (const image of content.images) {
          if (seenImages.has(image.url)) continue;
          seenImages.add(image.url);
          pending.push(readImage(pageUrl, image.url));
        }
      }
      await Promise.all(pending);
    };

    /** A PNG crop of each finding's sentence on the rendered page, named in the finding's snapshot. */
    const takeSnapshots = async (page: RenderedPage, added: Violation[]) => {
      const taken = new Map<string, string | undefined>();
      for (const v of added) {
        if (v.imageUrl || v.pdfUrl || v.isInVideo || !v.evidence) continue;
        if (!taken.has(v.evidence)) {
          const file = snapshotFileName(snapshotDir!, v.url, v.evidence);
          taken.set(v.evidence, (await page.snapshot(v.evidence, file)) ? file : undefined);
        }
        const file = taken.get(v.evidence);
        if (file) v.snapshot = file;
      }
    };

    const processPage = async (url: string, depth: number, prefetched?: FetchedResource) => {
      if (signal?.aborted) return;
      let rendered: RenderedPage | undefined;
      try {
        const res =
          prefetched ??
          (await fetchFromSite(
            url,
            { ...fetchOpts, followRedirect: (target) => isSameSite(target) && allowedByRobots(target) },
            // Only same-site pages are scheduled.
            true,
          ));
        if (res.status >= 300 || !isHtml(res.contentType)) return;
        const finalUrl = new URL(res.url);
        stripTracking(finalUrl);
        const key = pageKey(finalUrl);
        if (!prefetched && res.url !== url && key !== pageKey(new URL(url))) {
          // Redirected to a page that is queued (or read) under its own address: it is read there.
          if (queuedKeys.has(key)) return;
          queuedKeys.add(key);
        }
        const html = decodeBody(res.body, res.contentType);
        const content = extractPage(html, finalUrl.href);
        // The age gate is asked for where a visitor arrives: the start page as served.
        if (prefetched && ageRule) startHasAgeGate = ageRule.hasGate(html);
        const canonical = canonicalKey(content.canonical, key);
        // Another page named this one as its canonical address and was read: this one is read only
        // when its text differs (a wrong canonical link must not hide a page's claims).
        const earlier = read.get(key);
        // Pages that take part in canonical links (naming one, or named by one) are fingerprinted.
        const fingerprint =
          content.canonical !== undefined || earlier !== undefined ? fingerprintOf(content) : '';
        if (earlier !== undefined && earlier === fingerprint) return;
        if (canonical !== undefined) {
          if (read.get(canonical) === fingerprint) return;
          if (!read.has(canonical)) read.set(canonical, fingerprint);
        }
        read.set(key, fingerprint);
        if (renderer && wantsRender(content)) {
          rendered = await renderer.render(finalUrl.href, html, res.contentType);
        }
        if (rendered) {
          // The age gate may be one that scripts display: the start page is asked again as rendered.
          if (prefetched && ageRule && !startHasAgeGate) startHasAgeGate = ageRule.hasGate(rendered.html);
          const page = rendered;
          await readPage(
            finalUrl.href,
            extractPage(rendered.html, finalUrl.href),
            depth,
            snapshotDir ? (added) => takeSnapshots(page, added) : undefined,
          );
        } else {
          await readPage(finalUrl.href, content, depth);
        }
      } catch {
        // One failing page (timeout, reset, refused redirect) does not end the scan; it is just not read.
      } finally {
        await rendered?.release();
        done++;
        report();
      }
    };

    /** The same-site canonical address a page names, as a page key, when it is not the page's own. */
    const canonicalKey = (href: string | undefined, ownKey: string): string | undefined => {
      if (!href) return undefined;
      try {
        const url = new URL(href);
        if (!isSameSite(url)) return undefined;
        stripTracking(url);
        const key = pageKey(url);
        return key === ownKey ? undefined : key;
      } catch {
        return undefined;
      }
    };

    const pump = () => {
      while (
        active < concurrency &&
        frontierSize > 0 &&
        started < maxPages &&
        !signal?.aborted &&
        performance.now() < deadline
      ) {
        let level = frontier[shallowest];
        while (!level || level.head === level.items.length) level = frontier[++shallowest];
        const page = level.items[level.head]!;
        level.items[level.head++] = undefined as unknown as QueuedPage;
        const depth = shallowest;
        frontierSize--;
        started++;
        active++;
        void processPage(page.url, depth, page.prefetched).finally(() => {
          active--;
          pump();
        });
      }
      if (active === 0 && !seeding) finish();
    };

    function schedule(href: string, depth: number, prefetched?: FetchedResource) {
      // Pages link to the same navigation over and over. Whatever this decides for an href holds for
      // the rest of the scan (queuedKeys only grows), so each href is parsed and checked once.
      if (considered.has(href)) return;
      considered.add(href);
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return;
      }
      url.hash = '';
      if (!isSameSite(url) || SKIP_EXTENSIONS.test(url.pathname)) return;
      stripTracking(url);
      const key = pageKey(url);
      if (queuedKeys.has(key)) return;
      if (!prefetched && !allowedByRobots(url)) return;
      queuedKeys.add(key);
      (frontier[depth] ??= { items: [], head: 0 }).items.push({ url: url.href, prefetched });
      if (depth < shallowest) shallowest = depth;
      frontierSize++;
      report();
      // While the start is being set up, the sitemap's request goes first (its Crawl-delay slot too).
      if (seeding) queueMicrotask(pump);
      else pump();
    }

    schedule(first.url, 0, first);
    const typed = new URL(startUrl.href);
    stripTracking(typed);
    queuedKeys.add(pageKey(typed));
    for (const pageUrl of await loadSitemapUrls(
      site,
      robots?.getSitemaps() ?? [],
      fetchOpts,
      fetchFromSite,
    )) {
      schedule(pageUrl, 1);
    }
    seeding = false;
    pump();
    await finished;
    throwIfCancelled();
    if (ageRule && cannabisPage && !startHasAgeGate) {
      addViolation(
        site.href,
        {
          category: ageRule.rule.category,
          term: 'age gate',
          severity: ageRule.rule.severity,
          ruleRef: ageRule.rule.ruleRef,
          hint: ageRule.rule.hint,
          description: 'Cannabis site without an age gate (21+)',
          evidence: `The site offers cannabis ("${cannabisPage.marker}" on ${cannabisPage.url}) but its start page ${site.href} does not ask visitors to confirm they are 21 or older`,
          at: 0,
        },
        {},
      );
    }

    const list = [...violations.values()].sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        a.url.localeCompare(b.url) ||
        a.evidence.localeCompare(b.evidence),
    );
    return {
      url: startUrl.href,
      checkTime: new Date().toISOString(),
      violationCount: list.length,
      violations: list,
      productVerification: compareProducts(options.authorizedProducts ?? [], siteProducts, productTextHits),
      pagesScanned,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  } finally {
    await renderer?.close();
    await reader?.close();
    await leased?.release();
  }
}

type FetchOpts = Parameters<typeof fetchResource>[1];

async function loadRobots(site: URL, fetchOpts: FetchOpts): Promise<Robots | undefined> {
  const robotsUrl = new URL('/robots.txt', site).href;
  try {
    const res = await fetchResource(robotsUrl, { ...fetchOpts, maxBytes: 512 * 1024 });
    // Per RFC 9309 a missing robots.txt (4xx) allows everything; a 5xx would disallow, but the spec
    // asks for a scan, so it is treated as absent too.
    if (res.status >= 400) return undefined;
    return robotsParser(res.url, decodeBody(res.body, res.contentType));
  } catch {
    return undefined;
  }
}

const xml = new XMLParser({ ignoreAttributes: true, processEntities: true });

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Page URLs listed by /sitemap.xml and the sitemaps robots.txt names, following sitemap indexes. */
async function loadSitemapUrls(
  site: URL,
  fromRobots: string[],
  fetchOpts: FetchOpts,
  fetchSite: (url: string, opts: FetchOpts) => Promise<FetchedResource>,
): Promise<string[]> {
  const queue = [...new Set([new URL('/sitemap.xml', site).href, ...fromRobots])];
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length > 0 && seen.size < 20) {
    const sitemapUrl = queue.shift()!;
    if (seen.has(sitemapUrl)) continue;
    seen.add(sitemapUrl);
    try {
      const res = await fetchSite(sitemapUrl, fetchOpts);
      if (res.status >= 400 || res.truncated) continue;
      const body =
        sitemapUrl.endsWith('.gz') || res.contentType.includes('gzip') ? gunzipSync(res.body) : res.body;
      const doc = xml.parse(body.toString('utf8')) as {
        urlset?: { url?: Array<{ loc?: string }> | { loc?: string } };
        sitemapindex?: { sitemap?: Array<{ loc?: string }> | { loc?: string } };
      };
      for (const entry of asArray(doc.urlset?.url)) if (entry.loc) pages.push(String(entry.loc).trim());
      for (const entry of asArray(doc.sitemapindex?.sitemap))
        if (entry.loc) queue.push(String(entry.loc).trim());
    } catch {
      // No sitemap, or a broken one: links from the pages still drive the crawl.
    }
  }
  return pages;
}
