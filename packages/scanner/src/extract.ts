import { load } from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { hasChildren, isTag, isText } from 'domhandler';
import type { AnyNode } from 'domhandler';
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

/** Walks the DOM once, keeping text of one block together so a claim split by inline tags stays one sentence. */
function collectBlocks(root: AnyNode[]): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const text = collapseWhitespace(current.join(''));
    if (text) blocks.push(text);
    current = [];
  };
  const walk = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (isText(node)) {
        current.push(node.data);
      } else if (isTag(node)) {
        const el = node;
        const name = el.name.toLowerCase();
        if (SKIP.has(name) || el.attribs.hidden !== undefined || el.attribs['aria-hidden'] === 'true')
          continue;
        if (name === 'br') {
          current.push('\n');
          continue;
        }
        const isBlock = !INLINE.has(name);
        if (isBlock) flush();
        walk(el.children);
        if (isBlock) flush();
      } else if (hasChildren(node)) {
        walk(node.children);
      }
    }
  };
  walk(root);
  flush();
  return blocks;
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

function collectProducts($: CheerioAPI): string[] {
  const products = new Set<string>();
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      productsFromJsonLd(JSON.parse($(el).text()) as unknown, products);
    } catch {
      // Broken JSON-LD is common on real sites; the rest of the page is still read.
    }
  });
  $('[itemscope][itemtype]').each((_, el) => {
    const scope = $(el);
    if (!/schema\.org\/(Product|IndividualProduct|ProductGroup)$/i.test(scope.attr('itemtype') ?? '')) return;
    const nameEl = scope.find('[itemprop="name"]').first();
    const name = nameEl.attr('content') ?? nameEl.text();
    if (name && collapseWhitespace(name)) products.add(collapseWhitespace(name));
  });
  const ogType = $('meta[property="og:type"]').attr('content') ?? '';
  if (/^(product|og:product|product\.item)$/i.test(ogType.trim())) {
    const ogTitle = $('meta[property="og:title"]').attr('content');
    if (ogTitle && collapseWhitespace(ogTitle)) products.add(collapseWhitespace(ogTitle));
  }
  return [...products];
}

export function extractPage(html: string, pageUrl: string): PageContent {
  // htmlparser2 mode: several times faster than parse5 and tolerant enough for text extraction.
  const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } });
  let base: URL;
  try {
    base = new URL($('base[href]').attr('href') ?? pageUrl, pageUrl);
  } catch {
    base = new URL(pageUrl);
  }

  const links = new Set<string>();
  $('a[href], area[href]').each((_, el) => {
    const url = resolve(el.attribs.href, base);
    if (url) links.add(url);
  });

  const images: PageContent['images'] = [];
  const seenImages = new Set<string>();
  $('img').each((_, el) => {
    const attribs = el.attribs;
    const url = resolve(attribs.src ?? attribs['data-src'], base);
    if (!url || seenImages.has(url)) return;
    seenImages.add(url);
    images.push({
      url,
      alt: collapseWhitespace(attribs.alt ?? ''),
      title: collapseWhitespace(attribs.title ?? ''),
    });
  });

  const videos: PageContent['videos'] = [];
  $('video').each((_, el) => {
    const video = $(el);
    const src = video.attr('src') ?? video.find('source[src]').first().attr('src');
    const videoUrl = resolve(src, base) ?? pageUrl;
    const tracks: string[] = [];
    video.find('track[src]').each((__, t) => {
      const kind = (t.attribs.kind ?? 'subtitles').toLowerCase();
      if (kind !== 'subtitles' && kind !== 'captions') return;
      const url = resolve(t.attribs.src, base);
      if (url) tracks.push(url);
    });
    if (tracks.length > 0) videos.push({ videoUrl, tracks });
  });

  const body = $('body');
  const blocks = collectBlocks(body.length > 0 ? body.toArray() : $.root().toArray());

  return {
    title: collapseWhitespace($('title').first().text()),
    metaDescription: collapseWhitespace($('meta[name="description" i]').attr('content') ?? ''),
    blocks,
    images,
    links: [...links],
    videos,
    products: collectProducts($),
  };
}
