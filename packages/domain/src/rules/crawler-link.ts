/**
 * Spec 1 §2: a link control opens a new tab at the crawler iframe page with `isVideo` (1 or 0) and `data`
 * (the encoded address of the website to scan). The page reads the same two parameters back.
 */
export const CRAWLER_IFRAME_PATH = '/webcrawler/iframe';
/** Longer addresses are not websites anyone types; the page refuses to prefill them. */
export const MAX_CRAWLER_ADDRESS_LENGTH = 2048;

export interface CrawlerIframeParams {
  /** The website address, as typed. */
  address: string;
  isVideo: boolean;
}

export function crawlerIframeHref({ address, isVideo }: CrawlerIframeParams): string {
  return `${CRAWLER_IFRAME_PATH}?isVideo=${isVideo ? 1 : 0}&data=${encodeURIComponent(address.trim())}`;
}

/** The scanner page with a site filled in, where the iframe page's Scan leads after sign-in. */
export function webcrawlerScanHref(url: string, isVideo: boolean): string {
  return `/webcrawler?url=${encodeURIComponent(url)}&isVideo=${isVideo ? 1 : 0}`;
}

/** Reads back what `webcrawlerScanHref` wrote: the scanner form's prefill (an over-long address is dropped). */
export function parseWebcrawlerParams(search: URLSearchParams): { url: string; isVideo: boolean } {
  const url = (search.get('url') ?? '').trim();
  return {
    url: url.length > MAX_CRAWLER_ADDRESS_LENGTH ? '' : url,
    isVideo: search.get('isVideo') === '1',
  };
}

/** Reads the page's query; anything but `isVideo=1` is no video, an over-long address is dropped. */
export function parseCrawlerIframeParams(search: URLSearchParams): CrawlerIframeParams {
  const address = (search.get('data') ?? '').trim();
  return {
    address: address.length > MAX_CRAWLER_ADDRESS_LENGTH ? '' : address,
    isVideo: search.get('isVideo') === '1',
  };
}

/** The scanner takes http(s) sites; a bare host such as "example.com" is read as https. */
export function websiteUrl(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed || trimmed.length > MAX_CRAWLER_ADDRESS_LENGTH) return null;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.toString();
  } catch {
    return null;
  }
}
