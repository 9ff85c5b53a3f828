import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { Parser } from 'htmlparser2';
import { collapseWhitespace } from './sentences.ts';

/** Everything the scanner reads from one HTML page. */
export interface PageContent {
  title: string;
  metaDescription: string;
  /** Visible text, one entry per block element; inline tags are joined ("<b>cures</b> <i>insomnia</i>"). */
  blocks: string[];
  images: Array<{ url: string; alt: string; title: string }>;
  links: string[];
  videos: Array<{ videoUrl: string; tracks: string[] }>;
  products: string[];
  /** The page's rel=canonical address, resolved. */
  canonical?: string;
  /** Descriptions in the page's markup: product JSON-LD, Open Graph and Twitter cards. */
  descriptions?: Array<{ text: string; where: string }>;
  /** Whether the page runs scripts (other than JSON data blocks): its text may be built in the browser. */
  loadsScripts?: boolean;
}

const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'iframe',
  'object',
  'canvas',
  'select',
]);
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
  // A line break inside a paragraph does not end its sentence ("cures<br>insomnia").
  'br',
  'img',
  'picture',
  'source',
]);

/**
 * Resolved links by base and href: a site's pages repeat the same navigation, and a URL parse per link
 * was a measurable part of a crawl. A root-relative href ("/about") resolves the same against every page
 * of a site, so it is keyed by the base's scheme, credentials and host only.
 */
const resolved = new Map<string, Map<string, string | null>>();
const RESOLVED_ENTRIES = 20_000;
let resolvedCount = 0;

/** Empties the caches when they hold too many hrefs or bases (each page URL is a base). */
function boundResolved(): void {
  if (resolvedCount < RESOLVED_ENTRIES && resolved.size < RESOLVED_ENTRIES) return;
  // Maps a page's Base still holds are emptied too, so the bound holds.
  for (const map of resolved.values()) map.clear();
  resolved.clear();
  resolvedCount = 0;
}

function resolvedFor(prefix: string): Map<string, string | null> {
  boundResolved();
  let map = resolved.get(prefix);
  if (!map) {
    map = new Map();
    resolved.set(prefix, map);
  }
  return map;
}

/** A page's base URL with the resolution caches that apply to it. */
interface Base {
  url: URL;
  /** Root-relative hrefs: keyed under the base's scheme, credentials and host. */
  rootRelative: Map<string, string | null>;
  /** Other hrefs: keyed under the whole base URL. */
  relative: Map<string, string | null>;
}

function makeBase(url: URL): Base {
  return {
    url,
    rootRelative: resolvedFor(`${url.protocol}${url.username}:${url.password}@${url.host}`),
    relative: resolvedFor(url.href),
  };
}

function resolve(href: string | undefined, base: Base): string | null {
  if (!href) return null;
  const rootRelative =
    href.charCodeAt(0) === 0x2f && href.charCodeAt(1) !== 0x2f && href.charCodeAt(1) !== 0x5c;
  const cache = rootRelative ? base.rootRelative : base.relative;
  const cached = cache.get(href);
  if (cached !== undefined) return cached;
  const url = resolveUncached(href, base.url);
  boundResolved();
  cache.set(href, url);
  resolvedCount++;
  return url;
}

function resolveUncached(href: string, base: URL): string | null {
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed, base);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function isProductType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some(
    (t) => typeof t === 'string' && /(^|[/#:])(Product|ProductGroup|IndividualProduct)$/.test(t),
  );
}

function productsFromJsonLd(value: unknown, out: Set<string>, descriptions: Set<string>, depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) productsFromJsonLd(item, out, descriptions, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (isProductType(record['@type'])) {
    if (typeof record.name === 'string' && record.name.trim()) out.add(collapseWhitespace(record.name));
    if (typeof record.description === 'string') {
      // Shops often put HTML in the description: its text is what shoppers and search engines show.
      const text = collapseWhitespace(decodeHTML(record.description.replace(/<[^>]*>/g, ' ')));
      if (text) descriptions.add(text);
    }
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== '@context') productsFromJsonLd(child, out, descriptions, depth + 1);
  }
}

/** Elements whose text htmlparser2 passes on raw (no character references): script and style data. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'xmp']);

/**
 * The parser runs with decodeEntities off, so that it skips through text to the next tag instead of
 * stepping through it character by character; text and the attributes read are decoded here instead,
 * with the same decoder (entities) and modes htmlparser2 uses, only when they hold an "&".
 */
function decodeText(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}

function attr(value: string | undefined): string | undefined {
  return value !== undefined && value.includes('&') ? decodeHTMLAttribute(value) : value;
}

/** Whether text is only ASCII whitespace (the line breaks and indentation between tags). */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d && c !== 0x0c) return false;
  }
  return true;
}

interface OpenElement {
  name: string;
  isBlock: boolean;
  skips: boolean;
  /** Set on itemscope elements: whether the scope is a schema.org Product. */
  productScope: boolean | undefined;
  capturesName: boolean;
}

/**
 * One streaming pass of htmlparser2 (the parser under cheerio) collects everything a page offers. A DOM
 * plus one selector query per feature cost more than the network on loopback (bench/RESULTS.md), so the
 * page is never built as a tree. Text of one block is kept together so a claim split by inline tags
 * ("<b>cures</b> <i>insomnia</i>") stays one sentence.
 */
export function extractPage(html: string, pageUrl: string): PageContent {
  let base = makeBase(new URL(pageUrl));
  const blocks: string[] = [];
  const links = new Set<string>();
  const images: PageContent['images'] = [];
  const seenImages = new Set<string>();
  const videos: PageContent['videos'] = [];
  const products = new Set<string>();
  let title = '';
  let metaDescription = '';
  let ogType = '';
  let ogTitle = '';
  let canonical: string | undefined;
  let loadsScripts = false;
  const jsonLdDescriptions = new Set<string>();
  const descriptions: Array<{ text: string; where: string }> = [];

  const stack: OpenElement[] = [];
  let skipDepth = 0;
  let current: string[] = [];
  let inTitle = false;
  let jsonLd: string[] | null = null;
  let video: { src: string | null; tracks: string[] } | null = null;
  const nameCaptures: string[][] = [];
  const scopeHasName: boolean[] = [];

  const flush = () => {
    if (current.length === 0) return;
    const text = collapseWhitespace(current.length === 1 ? current[0]! : current.join(''));
    if (text) blocks.push(text);
    current = [];
  };
  const currentScopeIsProduct = () => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const scope = stack[i]!.productScope;
      if (scope !== undefined) return scope;
    }
    return false;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // Every field set up front: one object shape for all elements keeps the callbacks monomorphic.
        const el: OpenElement = {
          name,
          isBlock: !INLINE.has(name),
          skips: false,
          productScope: undefined,
          capturesName: false,
        };
        switch (name) {
          case 'base':
            if (attribs.href) {
              try {
                base = makeBase(new URL(attr(attribs.href)!, pageUrl));
              } catch {
                // An unparsable <base> is ignored, as browsers do.
              }
            }
            break;
          case 'title':
            inTitle = title === '';
            break;
          case 'meta': {
            const key = (attr(attribs.name ?? attribs.property) ?? '').toLowerCase();
            if (key === 'description') metaDescription = collapseWhitespace(attr(attribs.content) ?? '');
            else if (key === 'og:type') ogType = (attr(attribs.content) ?? '').trim();
            else if (key === 'og:title') ogTitle = collapseWhitespace(attr(attribs.content) ?? '');
            else if (key === 'og:description' || key === 'twitter:description') {
              const text = collapseWhitespace(attr(attribs.content) ?? '');
              if (text)
                descriptions.push({
                  text,
                  where: key === 'og:description' ? 'Open Graph description' : 'Twitter card description',
                });
            }
            break;
          }
          case 'link':
            if (canonical === undefined && /(?:^|\s)canonical(?:\s|$)/i.test(attr(attribs.rel) ?? '')) {
              canonical = resolve(attr(attribs.href), base) ?? undefined;
            }
            break;
          case 'script': {
            const type = (attr(attribs.type) ?? '').trim().toLowerCase();
            if (type === 'application/ld+json') jsonLd = [];
            else if (type === '' || type === 'module' || /(?:java|ecma)script/.test(type))
              loadsScripts = true;
            break;
          }
          case 'a':
          case 'area': {
            const url = resolve(attr(attribs.href), base);
            if (url) links.add(url);
            break;
          }
          case 'img': {
            const url = resolve(attr(attribs.src ?? attribs['data-src']), base);
            if (url && !seenImages.has(url)) {
              seenImages.add(url);
              images.push({
                url,
                alt: collapseWhitespace(attr(attribs.alt) ?? ''),
                title: collapseWhitespace(attr(attribs.title) ?? ''),
              });
            }
            break;
          }
          case 'video':
            video = { src: resolve(attr(attribs.src), base), tracks: [] };
            break;
          case 'source':
            if (video && !video.src) video.src = resolve(attr(attribs.src), base);
            break;
          case 'track': {
            const kind = (attr(attribs.kind) ?? 'subtitles').toLowerCase();
            const url = resolve(attr(attribs.src), base);
            if (video && url && (kind === 'subtitles' || kind === 'captions')) video.tracks.push(url);
            break;
          }
        }
        if (attribs.itemscope !== undefined) {
          el.productScope = /schema\.org\/(Product|IndividualProduct|ProductGroup)$/i.test(
            attr(attribs.itemtype) ?? '',
          );
          scopeHasName.push(false);
        }
        if (attr(attribs.itemprop) === 'name' && currentScopeIsProduct() && !scopeHasName.at(-1)) {
          if (attribs.content) {
            products.add(collapseWhitespace(attr(attribs.content)!));
            scopeHasName[scopeHasName.length - 1] = true;
          } else {
            el.capturesName = true;
            nameCaptures.push([]);
          }
        }
        if (SKIP.has(name) || attribs.hidden !== undefined || attr(attribs['aria-hidden']) === 'true') {
          el.skips = true;
          skipDepth++;
        }
        stack.push(el);
        if (skipDepth === 0) {
          if (name === 'br') current.push('\n');
          else if (el.isBlock) flush();
        }
      },
      ontext(raw) {
        const open = stack.length > 0 ? stack[stack.length - 1]!.name : '';
        if (jsonLd && open === 'script') jsonLd.push(raw);
        const data = RAW_TEXT.has(open) ? raw : decodeText(raw);
        if (inTitle) title += data;
        if (skipDepth > 0) return;
        // Leading whitespace of a block is dropped by collapseWhitespace anyway.
        if (current.length > 0 || !isBlank(data)) current.push(data);
        for (const capture of nameCaptures) capture.push(data);
      },
      onclosetag(name) {
        // htmlparser2 closes implied and void elements itself, so the stack stays balanced.
        const el = stack.pop();
        if (!el) return;
        if (el.skips) skipDepth--;
        if (name === 'title') inTitle = false;
        if (name === 'script' && jsonLd) {
          try {
            productsFromJsonLd(JSON.parse(jsonLd.join('')) as unknown, products, jsonLdDescriptions);
          } catch {
            // Broken JSON-LD is common on real sites; the rest of the page is still read.
          }
          jsonLd = null;
        }
        if (name === 'video' && video) {
          if (video.tracks.length > 0) videos.push({ videoUrl: video.src ?? pageUrl, tracks: video.tracks });
          video = null;
        }
        if (el.capturesName) {
          const text = collapseWhitespace((nameCaptures.pop() ?? []).join(''));
          if (text) {
            products.add(text);
            scopeHasName[scopeHasName.length - 1] = true;
          }
        }
        if (el.productScope !== undefined) scopeHasName.pop();
        if (skipDepth === 0 && el.isBlock) flush();
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  flush();

  if (/^(product|og:product|product\.item)$/i.test(ogType) && ogTitle) products.add(ogTitle);

  return {
    title: collapseWhitespace(title),
    metaDescription,
    blocks,
    images,
    links: [...links],
    videos,
    products: [...products],
    canonical,
    descriptions: [
      ...descriptions,
      ...[...jsonLdDescriptions].map((text) => ({ text, where: 'product description in JSON-LD' })),
    ],
    loadsScripts,
  };
}
