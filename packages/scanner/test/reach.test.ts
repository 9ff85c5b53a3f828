import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanSite } from '../src/index.ts';
import type { ScanResult } from '../src/index.ts';
import { DISCLAIMER, page, serveSite } from './fixture-server.ts';
import type { FixtureServer, Route } from './fixture-server.ts';

const CHAIN = 400;

/** A blog whose posts are reached only through "Next" links: page n links to n + 1. */
function paginationChain(): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/': page('Blog', '<nav><a href="/blog/page/1">Blog</a></nav><p>Stories from our farm.</p>'),
  };
  for (let n = 1; n <= CHAIN; n++) {
    const next = n < CHAIN ? `<a href="/blog/page/${n + 1}" rel="next">Next</a>` : '';
    const claim = n === CHAIN ? '<p>Readers tell us this tincture cures insomnia.</p>' : '';
    routes[`/blog/page/${n}`] = page(
      `Blog page ${n}`,
      `<a href="/">Home</a> <a href="/blog/page/1">First</a><p>Post ${n} about hemp harvests.</p>${claim}${next}`,
    );
  }
  return routes;
}

describe('scanSite reads the whole site', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await serveSite(paginationChain());
  });
  afterAll(() => site.close());

  it('follows a 400-page pagination chain to its end (no depth limit by default)', async () => {
    const result = await scanSite(site.origin, { allowHosts: [site.host], analyzeImages: false });
    expect(result.pagesScanned).toBe(CHAIN + 1);
    const claim = result.violations.find((v) => v.term === 'cure insomnia');
    expect(claim?.url).toBe(`${site.origin}/blog/page/${CHAIN}`);
  });

  it('keeps maxDepth as an option and a page cap keeps the pages nearest the start', async () => {
    const shallow = await scanSite(site.origin, {
      allowHosts: [site.host],
      analyzeImages: false,
      maxDepth: 3,
    });
    expect(shallow.pagesScanned).toBe(4);
    const capped = await scanSite(site.origin, {
      allowHosts: [site.host],
      analyzeImages: false,
      maxPages: 10,
    });
    expect(capped.pagesScanned).toBe(10);
    expect(capped.violations).toEqual([]);
  });
});

describe('scanSite reads a page once whatever address leads to it', () => {
  let site: FixtureServer;
  let result: ScanResult;
  const product = (extra = '') =>
    page(
      'Calm Drops',
      `<h1>Calm Drops</h1><p>Calm Drops cure insomnia.</p>${extra}`,
      '<link rel="canonical" href="/products/calm-drops"><meta property="og:type" content="product"><meta property="og:title" content="Calm Drops">',
    );
  beforeAll(async () => {
    site = await serveSite({
      '/': page(
        'Home',
        `<a href="/index.html">Home</a> <a href="/about/">About</a> <a href="/about">About</a>
         <a href="/about?utm_source=news&utm_medium=email&fbclid=abc">About</a> <a href="/about/?gclid=x">About</a>
         <a href="/products/calm-drops?utm_campaign=spring">Drops</a> <a href="/products/calm-drops?color=blue">Blue</a>
         <a href="/products/calm-drops?size=large">Large</a>
         <p>Our balm heals arthritis.</p>`,
      ),
      '/index.html': page('Home', '<p>Our balm heals arthritis.</p>'),
      '/about': page('About', '<p>Our drops treat anxiety.</p>'),
      '/about/': page('About', '<p>Our drops treat anxiety.</p>'),
      '/products/calm-drops': product(),
      // The same page under another address: its canonical link names the page above.
      '/products/calm-drops?color=blue': product(),
      // A variant whose text differs is read too (a wrong canonical link must not hide claims).
      '/products/calm-drops?size=large': product('<p>Large bottle, relieves migraines.</p>'),
    });
    result = await scanSite(site.origin, { allowHosts: [site.host], analyzeImages: false });
  });
  afterAll(() => site.close());

  it('fetches the start page, trailing-slash twins and tracking-parameter variants once', () => {
    expect(site.requests.filter((p) => p === '/index.html')).toEqual([]);
    expect(site.requests.filter((p) => p.startsWith('/about'))).toHaveLength(1);
    expect(site.requests.filter((p) => p.startsWith('/products/calm-drops'))).toHaveLength(3);
    expect(site.requests.some((p) => p.includes('utm_') || p.includes('clid'))).toBe(false);
  });

  it('reads a page that names another as canonical once, and never doubles a finding', () => {
    expect(result.pagesScanned).toBe(4);
    const terms = result.violations.map((v) => v.term).sort();
    expect(terms).toEqual(
      ['cure insomnia', 'fda disclaimer', 'heal arthritis', 'relieve migraine', 'treat anxiety'].sort(),
    );
    const disclaimer = result.violations.find((v) => v.category === 'FDA_DISCLAIMER')!;
    expect(disclaimer.url).toBe(`${site.origin}/products/calm-drops`);
    expect(disclaimer.type).toBe('FDA_DISCLAIMER');
    expect(result.violations.find((v) => v.term === 'treat anxiety')?.type).toBe('NON_COMPLIANCE');
  });
});

describe('scanSite reads line breaks, structured text and the age gate', () => {
  let site: FixtureServer;
  let gated: FixtureServer;
  let result: ScanResult;
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Night Balm',
    description: '<p>A rich balm that <b>fights</b> eczema overnight.</p>',
  });
  const cannabisShop = (head = '', body = '') => ({
    '/': page(
      'Dispensary',
      `${body}<a href="/shop/gummies">Gummies</a><p>Delta-9 THC gummies and live resin carts.</p>${DISCLAIMER}`,
      head,
    ),
    '/shop/gummies': page(
      'Night Balm',
      `<p>Our gummies cure<br>insomnia.</p><p>Free shipping<br/>on every order.</p>${DISCLAIMER}`,
      `<script type="application/ld+json">${jsonLd}</script>
       <meta property="og:description" content="Drops that ease migraines for good.">
       <meta name="twitter:description" content="Balm made in Oregon.">`,
    ),
  });
  beforeAll(async () => {
    site = await serveSite(cannabisShop());
    gated = await serveSite(
      cannabisShop(
        '',
        '<div id="age-gate" class="modal"><p>Are you 21 or older?</p><button>Yes</button><button>No</button></div>',
      ),
    );
    result = await scanSite(site.origin, { allowHosts: [site.host], analyzeImages: false });
  });
  afterAll(async () => {
    await site.close();
    await gated.close();
  });

  it('does not split a sentence at <br>', () => {
    const v = result.violations.find((x) => x.term === 'cure insomnia');
    expect(v?.evidence).toBe('Our gummies cure insomnia.');
  });

  it('reads product JSON-LD descriptions and Open Graph descriptions', () => {
    const jsonLdFinding = result.violations.find(
      (x) => x.evidence === 'A rich balm that fights eczema overnight.',
    );
    expect(jsonLdFinding?.description).toContain('product description in JSON-LD');
    expect(jsonLdFinding?.term).toMatch(/^fight /);
    const og = result.violations.find((x) => x.term === 'relieve migraine');
    expect(og?.description).toContain('Open Graph description');
  });

  it('reports a cannabis site without an age gate as AGE_RESTRICTION, once', async () => {
    const age = result.violations.filter((x) => x.category === 'AGE_RESTRICTION');
    expect(age).toHaveLength(1);
    expect(age[0]).toMatchObject({ type: 'AGE_RESTRICTION', url: `${site.origin}/`, term: 'age gate' });
    expect(age[0]!.evidence).toContain('21 or older');

    const withGate = await scanSite(gated.origin, { allowHosts: [gated.host], analyzeImages: false });
    expect(withGate.violations.filter((x) => x.category === 'AGE_RESTRICTION')).toEqual([]);
  });
});

/** A two-page PDF with vector text, as a lab report or product sheet would be. */
async function twoPagePdf(first: string, second: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(first);
  doc.addPage().text(second);
  doc.end();
  return done;
}

describe('scanSite reads linked PDFs', () => {
  let site: FixtureServer;
  let result: ScanResult;
  beforeAll(async () => {
    const pdf = await twoPagePdf(
      'Certificate of analysis, batch 42. Potency and contaminants tested.',
      'Customer notes: this tincture relieves fibromyalgia within days.',
    );
    site = await serveSite({
      '/': page(
        'Lab reports',
        '<a href="/docs/lab%20report.pdf">Lab report</a> <a href="/docs/fake.pdf">Old sheet</a><p>Tested hemp.</p>',
      ),
      '/docs/lab%20report.pdf': { type: 'application/octet-stream', body: pdf },
      '/docs/fake.pdf': { type: 'application/pdf', body: '<html>not a pdf</html>' },
    });
    result = await scanSite(site.origin, { allowHosts: [site.host], analyzeImages: false });
  });
  afterAll(() => site.close());

  it('finds a claim in a PDF and names the PDF and its page', () => {
    const v = result.violations.find((x) => x.term === 'relieve fibromyalgia');
    expect(v).toMatchObject({
      url: `${site.origin}/`,
      pdfUrl: `${site.origin}/docs/lab%20report.pdf`,
      pdfPage: 2,
      evidence: 'Customer notes: this tincture relieves fibromyalgia within days.',
    });
    expect(v!.description).toContain('PDF lab report.pdf, page 2');
    expect(result.violations).toHaveLength(1);
    expect(result.pagesScanned).toBe(1);
  });
});
