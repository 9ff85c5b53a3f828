import type dns from 'node:dns';
import { gunzipSync } from 'node:zlib';
import pLimit from 'p-limit';
import robotsParserModule from 'robots-parser';
import type { Dispatcher } from 'undici';
import { XMLParser } from 'fast-xml-parser';
import { Automaton } from './automaton.ts';
import { captionSegments, cueStartAt, parseCaptions } from './captions.ts';
import type { Dictionary } from './dictionary.ts';
import { RequestPacer, crawlDelayMs } from './crawl-delay.ts';
import { ScanError, describeNetworkError, parseSiteUrl } from './errors.ts';
import { extractPage } from './extract.ts';
import type { PageContent } from './extract.ts';
import { decodeBody, fetchResource } from './http.ts';
import type { FetchedResource } from './http.ts';
import { ClaimMatcher, normaliseWords } from './matcher.ts';
import type { Match } from './matcher.ts';
import { ImageTextReader, isOcrImageType } from './ocr.ts';
import { compareProducts, normaliseProductName } from './products.ts';
import type { SiteProduct } from './products.ts';
import { atWordBoundary, collapseWhitespace } from './sentences.ts';
import { leaseGuardedAgent } from './agent-pool.ts';
import type { ScanProgress, ScanResult, Severity, Violation } from './types.ts';

export interface ScanOptions {
  /** Most HTML pages read (default 100). */
  maxPages?: number;
  /** Most link hops from the start page (default 10; sitemap pages count as depth 1). */
  maxDepth?: number;
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

function isHtml(contentType: string): boolean {
  return contentType === '' || contentType.includes('text/html') || contentType.includes('application/xhtml');
}

/** Crawls one site and reports its risky claims in the spec's "Violation check detail" shape. */
export async function scanSite(inputUrl: string, options: ScanOptions = {}): Promise<ScanResult> {
  const startUrl = parseSiteUrl(inputUrl);
  const maxPages = options.maxPages ?? 100;
  const maxDepth = options.maxDepth ?? 10;
  const maxPageBytes = options.maxPageBytes ?? 5 * 1024 * 1024;
  const timeoutMs = options.requestTimeoutMs ?? 15_000;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const respectRobots = options.respectRobots ?? true;
  const respectCrawlDelay = options.respectCrawlDelay ?? respectRobots;
  const analyzeImages = options.analyzeImages ?? true;
  const maxImages = options.maxImages ?? 40;
  const maxImageBytes = options.maxImageBytes ?? 5 * 1024 * 1024;
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
  const violations = new Map<string, Violation>();
  const siteProducts: SiteProduct[] = [];
  const productTextHits = new Set<string>();
  const seenImages = new Set<string>();
  const seenTracks = new Set<string>();
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
    // http and https, and the www twin, are one page: scan each path once.
    const pageKey = (url: URL) => `${bareHost(url.hostname)}${url.pathname}${url.search}`;

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

    const limit = pLimit(concurrency);
    const visited = new Set<string>();
    const considered = new Set<string>();
    const tasks: Array<Promise<void>> = [];
    const report = () => options.onProgress?.({ done, queued: visited.size });

    const addViolation = (
      pageUrl: string,
      match: Match,
      extra: { imageUrl?: string; startTime?: number; videoUrl?: string; where?: string },
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

    const readPage = async (pageUrl: string, content: PageContent, depth: number) => {
      pagesScanned++;
      let hasDisclaimer = false;
      if (content.title) analyse(pageUrl, content.title, { where: 'page title' });
      if (content.metaDescription) analyse(pageUrl, content.metaDescription, { where: 'meta description' });
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
        addViolation(
          pageUrl,
          {
            category: d.category,
            term: 'fda disclaimer',
            severity: d.severity,
            ruleRef: d.ruleRef,
            hint: d.hint,
            description: 'Product page without the FDA disclaimer',
            evidence: `Product page "${content.title || content.products[0]}" (${pageUrl}) does not carry the FDA disclaimer "${FDA_DISCLAIMER_TEXT}"`,
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

    const processPage = async (url: string, depth: number, prefetched?: FetchedResource) => {
      if (signal?.aborted) return;
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
        if (!prefetched && res.url !== url) {
          const key = pageKey(new URL(res.url));
          if (visited.has(key) && key !== pageKey(new URL(url))) return;
          visited.add(key);
        }
        await readPage(res.url, extractPage(decodeBody(res.body, res.contentType), res.url), depth);
      } catch {
        // One failing page (timeout, reset, refused redirect) does not end the scan; it is just not read.
      } finally {
        done++;
        report();
      }
    };

    function schedule(href: string, depth: number, prefetched?: FetchedResource) {
      // Pages link to the same navigation over and over. Whatever this decides for an href holds for
      // the rest of the scan (visited only grows), so each href is parsed and checked once.
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
      const key = pageKey(url);
      if (visited.has(key) || visited.size >= maxPages) return;
      if (!prefetched && !allowedByRobots(url)) return;
      visited.add(key);
      tasks.push(limit(() => processPage(url.href, depth, prefetched)));
      report();
    }

    schedule(first.url, 0, first);
    if (startUrl.href !== first.url) visited.add(pageKey(startUrl));
    for (const pageUrl of await loadSitemapUrls(
      site,
      robots?.getSitemaps() ?? [],
      fetchOpts,
      fetchFromSite,
    )) {
      schedule(pageUrl, 1);
    }
    for (let i = 0; i < tasks.length; i++) {
      await tasks[i];
      throwIfCancelled();
    }
    throwIfCancelled();

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
    };
  } finally {
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
