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
  'img',
  'picture',
  'source',
]);

function resolve(href: string | undefined, base: URL): string | null {
  if (!href) return null;
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

function productsFromJsonLd(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) productsFromJsonLd(item, out, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (isProductType(record['@type']) && typeof record.name === 'string' && record.name.trim()) {
    out.add(collapseWhitespace(record.name));
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== '@context') productsFromJsonLd(child, out, depth + 1);
  }
}

interface OpenElement {
  name: string;
  isBlock: boolean;
  skips: boolean;
  /** Set on itemscope elements: whether the scope is a schema.org Product. */
  productScope?: boolean;
  capturesName?: boolean;
}

/**
 * One streaming pass of htmlparser2 (the parser under cheerio) collects everything a page offers. A DOM
 * plus one selector query per feature cost more than the network on loopback (bench/RESULTS.md), so the
 * page is never built as a tree. Text of one block is kept together so a claim split by inline tags
 * ("<b>cures</b> <i>insomnia</i>") stays one sentence.
 */
export function extractPage(html: string, pageUrl: string): PageContent {
  let base = new URL(pageUrl);
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
    const text = collapseWhitespace(current.join(''));
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
        const el: OpenElement = { name, isBlock: !INLINE.has(name), skips: false };
        switch (name) {
          case 'base':
            if (attribs.href) {
              try {
                base = new URL(attribs.href, pageUrl);
              } catch {
                // An unparsable <base> is ignored, as browsers do.
              }
            }
            break;
          case 'title':
            inTitle = title === '';
            break;
          case 'meta': {
            const key = (attribs.name ?? attribs.property ?? '').toLowerCase();
            if (key === 'description') metaDescription = collapseWhitespace(attribs.content ?? '');
            else if (key === 'og:type') ogType = (attribs.content ?? '').trim();
            else if (key === 'og:title') ogTitle = collapseWhitespace(attribs.content ?? '');
            break;
          }
          case 'script':
            if ((attribs.type ?? '').toLowerCase() === 'application/ld+json') jsonLd = [];
            break;
          case 'a':
          case 'area': {
            const url = resolve(attribs.href, base);
            if (url) links.add(url);
            break;
          }
          case 'img': {
            const url = resolve(attribs.src ?? attribs['data-src'], base);
            if (url && !seenImages.has(url)) {
              seenImages.add(url);
              images.push({
                url,
                alt: collapseWhitespace(attribs.alt ?? ''),
                title: collapseWhitespace(attribs.title ?? ''),
              });
            }
            break;
          }
          case 'video':
            video = { src: resolve(attribs.src, base), tracks: [] };
            break;
          case 'source':
            if (video && !video.src) video.src = resolve(attribs.src, base);
            break;
          case 'track': {
            const kind = (attribs.kind ?? 'subtitles').toLowerCase();
            const url = resolve(attribs.src, base);
            if (video && url && (kind === 'subtitles' || kind === 'captions')) video.tracks.push(url);
            break;
          }
        }
        if (attribs.itemscope !== undefined) {
          el.productScope = /schema\.org\/(Product|IndividualProduct|ProductGroup)$/i.test(
            attribs.itemtype ?? '',
          );
          scopeHasName.push(false);
        }
        if (attribs.itemprop === 'name' && currentScopeIsProduct() && !scopeHasName.at(-1)) {
          if (attribs.content) {
            products.add(collapseWhitespace(attribs.content));
            scopeHasName[scopeHasName.length - 1] = true;
          } else {
            el.capturesName = true;
            nameCaptures.push([]);
          }
        }
        if (SKIP.has(name) || attribs.hidden !== undefined || attribs['aria-hidden'] === 'true') {
          el.skips = true;
          skipDepth++;
        }
        stack.push(el);
        if (skipDepth === 0) {
          if (name === 'br') current.push('\n');
          else if (el.isBlock) flush();
        }
      },
      ontext(data) {
        if (inTitle) title += data;
        if (jsonLd) jsonLd.push(data);
        if (skipDepth > 0) return;
        current.push(data);
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
            productsFromJsonLd(JSON.parse(jsonLd.join('')) as unknown, products);
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
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
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
  };
}
