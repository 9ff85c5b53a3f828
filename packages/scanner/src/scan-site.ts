import type { Dispatcher } from 'undici';
import { ageRestrictionOf, missingAgeGate } from './age-gate.ts';
import { leaseGuardedAgent } from './agent-pool.ts';
import { Automaton } from './automaton.ts';
import { RequestPacer, crawlDelayMs } from './crawl-delay.ts';
import { ScanError, describeNetworkError, parseSiteUrl } from './errors.ts';
import { extractPage } from './extract.ts';
import type { PageContent } from './extract.ts';
import { Findings, missingDisclaimer } from './findings.ts';
import { Frontier } from './frontier.ts';
import { decodeBody, fetchResource } from './http.ts';
import type { FetchedResource } from './http.ts';
import { ClaimMatcher, normaliseWords } from './matcher.ts';
import { MediaReader } from './media-reader.ts';
import { ImageTextReader } from './ocr.ts';
import {
  PDF_LINK,
  canonicalKey,
  SKIP_EXTENSIONS,
  bareHost,
  fingerprintOf,
  isHtml,
  pageKey,
  stripTracking,
} from './page-identity.ts';
import { compareProducts, normaliseProductName } from './products.ts';
import type { SiteProduct } from './products.ts';
import { PageRenderer, snapshotFileName, wantsRender } from './render.ts';
import type { RenderedPage } from './render.ts';
import { ROBOTS_AGENT, loadRobots, loadSitemapUrls } from './robots-sitemap.ts';
import type { FetchOpts, Robots } from './robots-sitemap.ts';
import type { ScanOptions } from './scan-options.ts';
import { atWordBoundary } from './sentences.ts';
import type { ScanResult, Violation } from './types.ts';

export type { ScanOptions } from './scan-options.ts';

let sharedMatcher: ClaimMatcher | undefined;

/** The shipped dictionary's matcher, compiled once per process: scans without their own words share it. */
function defaultMatcher(): ClaimMatcher {
  sharedMatcher ??= new ClaimMatcher();
  return sharedMatcher;
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
          browser: options.browser,
          concurrency: options.renderConcurrency,
          dispatcher,
          timeoutMs,
          maxBytes: maxPageBytes,
          signal,
          onWarning: warn,
        });
  const snapshotDir = options.snapshotDir;
  const findings = new Findings(matcher);
  const siteProducts: SiteProduct[] = [];
  const productTextHits = new Set<string>();
  const seenImages = new Set<string>();
  const seenTracks = new Set<string>();
  const seenPdfs = new Set<string>();
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

    // Pages are read breadth-first (Frontier). A page (its normalised address, pageKey) is queued once;
    // `read` holds the pages read, by key, with a fingerprint of their text where a canonical link made
    // one necessary.
    const frontier = new Frontier();
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
      options.onProgress?.({ done, queued: started + Math.min(frontier.size, maxPages - started) });

    const media = new MediaReader({
      findings,
      matcher,
      fetchFromSite,
      fetchOpts,
      reader,
      maxImages,
      maxImageBytes,
      maxPdfBytes,
    });

    const readPage = async (
      pageUrl: string,
      content: PageContent,
      depth: number,
      onFindings?: (added: Violation[]) => Promise<void>,
    ) => {
      pagesScanned++;
      // Findings of this page's own text are added below without a pause, so they are the map's last.
      const before = findings.size;
      if (ageRule && !cannabisPage) {
        const marker = ageRule.cannabisMarker(`${content.title}\n${content.blocks.join('\n')}`);
        if (marker) cannabisPage = { url: pageUrl, marker };
      }
      let hasDisclaimer = false;
      if (content.title) findings.analyse(pageUrl, content.title, { where: 'page title' });
      if (content.metaDescription)
        findings.analyse(pageUrl, content.metaDescription, { where: 'meta description' });
      for (const d of content.descriptions ?? []) findings.analyse(pageUrl, d.text, { where: d.where });
      const body = matcher.analyzeBlocks(content.blocks);
      for (const m of body.matches) findings.add(pageUrl, m, {});
      if (body.hasDisclaimer) hasDisclaimer = true;
      for (const image of content.images) {
        if (image.alt) findings.analyse(pageUrl, image.alt, { imageUrl: image.url, where: 'image alt text' });
        if (image.title)
          findings.analyse(pageUrl, image.title, { imageUrl: image.url, where: 'image title' });
      }
      for (const name of content.products) siteProducts.push({ productName: name, url: pageUrl });
      if (content.products.length > 0 && !hasDisclaimer) {
        // Variants of one product page (?color=red) that name the same canonical page are one finding.
        const canonical =
          content.canonical && isSameSite(new URL(content.canonical)) ? content.canonical : undefined;
        const productUrl = canonical ?? pageUrl;
        findings.add(
          productUrl,
          missingDisclaimer(matcher.dictionary, content.title || content.products[0], productUrl),
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
      if (onFindings) pending.push(onFindings(findings.since(before)));
      if (readPdfs) {
        for (const link of content.links) {
          if (seenPdfs.size >= maxPdfs || !PDF_LINK.test(link) || seenPdfs.has(link)) continue;
          const url = new URL(link);
          if (!isSameSite(url) || !allowedByRobots(url)) continue;
          seenPdfs.add(link);
          pending.push(media.readPdf(pageUrl, link));
        }
      }
      if (options.includeVideo) {
        for (const video of content.videos) {
          for (const track of video.tracks) {
            if (seenTracks.has(track)) continue;
            seenTracks.add(track);
            pending.push(media.readCaptions(pageUrl, video.videoUrl, track));
          }
        }
      }
      if (reader) {
        for (const image of content.images) {
          if (seenImages.has(image.url)) continue;
          seenImages.add(image.url);
          pending.push(media.readImage(pageUrl, image.url));
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
        const canonical = canonicalKey(content.canonical, key, isSameSite);
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
        if (renderer && wantsRender(content, options.render)) {
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

    const pump = () => {
      while (
        active < concurrency &&
        frontier.size > 0 &&
        started < maxPages &&
        !signal?.aborted &&
        performance.now() < deadline
      ) {
        const { page, depth } = frontier.take();
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
      frontier.push({ url: url.href, prefetched }, depth);
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
      findings.add(site.href, missingAgeGate(ageRule.rule, cannabisPage, site.href), {});
    }

    const list = findings.sorted();
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
