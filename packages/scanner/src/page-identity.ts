import { createHash } from 'node:crypto';
import type { PageContent } from './extract.ts';

/** Links to files that are not pages: never fetched as pages. */
export const SKIP_EXTENSIONS =
  /\.(?:jpe?g|png|gif|webp|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|rar|7z|mp4|m4v|mov|webm|avi|mp3|wav|ogg|woff2?|ttf|eot|css|js|json|xml|txt|csv|xlsx?|docx?|pptx?|exe|dmg|apk)$/i;
/** Links to PDFs, read for their text when the scan reads PDFs. */
export const PDF_LINK = /\.pdf(?:$|\?)/i;

/** A host without its `www.`, lower case: the www twin is the same site. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^www\./i, '').toLowerCase();
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

export /** What decides whether two addresses serve the same page: its title and visible text. */
function fingerprintOf(content: PageContent): string {
  const hash = createHash('sha1').update(content.title);
  for (const block of content.blocks) hash.update('\n').update(block);
  return hash.digest('base64');
}

/** Whether a response is an HTML page (a missing content type counts as one). */
export function isHtml(contentType: string): boolean {
  return contentType === '' || contentType.includes('text/html') || contentType.includes('application/xhtml');
}

/** The same-site canonical address a page names, as a page key, when it is not the page's own. */
export function canonicalKey(
  href: string | undefined,
  ownKey: string,
  isSameSite: (url: URL) => boolean,
): string | undefined {
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
}
