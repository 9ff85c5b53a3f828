import { gunzipSync } from 'node:zlib';
import robotsParserModule from 'robots-parser';
import { XMLParser } from 'fast-xml-parser';
import { decodeBody, fetchResource } from './http.ts';
import type { FetchedResource } from './http.ts';

/** The name the scanner goes by in robots.txt. */
export const ROBOTS_AGENT = 'TrustleafScanner';

export type FetchOpts = Parameters<typeof fetchResource>[1];

export interface Robots {
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

export async function loadRobots(site: URL, fetchOpts: FetchOpts): Promise<Robots | undefined> {
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
export async function loadSitemapUrls(
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
