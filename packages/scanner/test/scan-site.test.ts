import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanSite } from '../src/index.ts';
import type { ScanResult, Violation } from '../src/index.ts';
import { page, serveSite } from './fixture-server.ts';
import type { FixtureServer } from './fixture-server.ts';
import { cleanSiteRoutes, startClaimsSite } from './sites.ts';

function find(result: ScanResult, predicate: (v: Violation) => boolean): Violation {
  const hit = result.violations.find(predicate);
  if (!hit) throw new Error(`no matching violation in ${JSON.stringify(result.violations, null, 2)}`);
  return hit;
}

describe('scanSite on a site with planted claims', () => {
  let site: FixtureServer;
  let external: FixtureServer;
  let result: ScanResult;
  const progress: Array<{ done: number; queued: number }> = [];

  beforeAll(async () => {
    ({ site, external } = await startClaimsSite());
    result = await scanSite(site.origin, {
      allowHosts: [site.host, external.host],
      analyzeImages: false,
      includeVideo: true,
      authorizedProducts: ['Calm Drops', 'Night Balm'],
      onProgress: (p) => progress.push(p),
    });
  });
  afterAll(async () => {
    await site.close();
    await external.close();
  });

  it('finds a claim in plain page text with the sentence as evidence', () => {
    const v = find(result, (x) => x.term === 'cure cancer');
    expect(v.url).toBe(`${site.origin}/about`);
    expect(v.evidence).toBe('Our full spectrum CBD oil cures cancer.');
    expect(v).toMatchObject({
      category: 'DISEASE_CLAIM',
      severity: 'HIGH',
      imageUrl: null,
      isInVideo: false,
    });
    expect(v.ruleRef).toMatch(/321\(g\)/);
    expect(v.hint.length).toBeGreaterThan(10);
  });

  it('joins a claim split across inline tags into one sentence', () => {
    const v = find(result, (x) => x.term === 'cure insomnia');
    expect(v.evidence).toBe('Hemp gummies cure insomnia fast.');
  });

  it('reads image alt text and reports the image URL', () => {
    const v = find(result, (x) => x.term === 'heal arthritis');
    expect(v.imageUrl).toBe(`${site.origin}/img/balm.png`);
    expect(v.url).toBe(`${site.origin}/`);
  });

  it('reads the meta description', () => {
    const v = find(result, (x) => x.term === 'clinically proven');
    expect(v.category).toBe('ABSOLUTE_CLAIM');
    expect(v.evidence).toContain('Clinically proven hemp extracts');
  });

  it('scans pages reachable only through the sitemap', () => {
    const v = find(result, (x) => x.term === 'prevent seizures');
    expect(v.url).toBe(`${site.origin}/hidden-offer`);
  });

  it('finds claims in WebVTT and SRT caption cues with their start time', () => {
    const vtt = find(result, (x) => x.term === 'treat anxiety');
    expect(vtt).toMatchObject({ isInVideo: true, startTime: 12.5, url: `${site.origin}/video` });
    expect(vtt.evidence).toBe('This oil treats anxiety.');
    expect(vtt.videoUrl).toBe(`${site.origin}/media/promo.mp4`);
    const srt = find(result, (x) => x.term === 'reduce chronic pain');
    expect(srt).toMatchObject({ isInVideo: true, startTime: 65.25 });
    expect(srt.evidence).toBe('It reduces chronic pain for our customers.');
  });

  it('reports a product page without the FDA disclaimer, and not the one carrying it', () => {
    const v = find(result, (x) => x.category === 'FDA_DISCLAIMER');
    expect(v.url).toBe(`${site.origin}/products/calm-drops`);
    const disclaimerFindings = result.violations.filter((x) => x.category === 'FDA_DISCLAIMER');
    expect(disclaimerFindings).toHaveLength(1);
    expect(result.violations.some((x) => x.url.endsWith('/products/sleep-gummies'))).toBe(false);
  });

  it('does not follow external links, disallowed paths or non-HTML links', () => {
    expect(external.requests).toEqual([]);
    expect(site.requests).not.toContain('/private/secret');
    // Linked PDFs are read as documents (this one is not a real PDF: skipped), never as pages.
    expect(site.requests.filter((p) => p === '/brochure.pdf')).toHaveLength(1);
    expect(site.requests).not.toContain('/img/balm.png');
    expect(result.violations.some((x) => x.term.includes('diabetes') || x.term.includes('psoriasis'))).toBe(
      false,
    );
  });

  it('scans a redirected page once', () => {
    expect(result.violations.filter((x) => x.term === 'cure cancer')).toHaveLength(1);
  });

  it('has exactly the planted findings and the spec result shape', () => {
    expect(result.violations.map((v) => v.term).sort()).toEqual(
      [
        'clinically proven',
        'cure cancer',
        'cure insomnia',
        'fda disclaimer',
        'heal arthritis',
        'prevent seizures',
        'reduce chronic pain',
        'treat anxiety',
      ].sort(),
    );
    expect(result.violationCount).toBe(result.violations.length);
    expect(result.url).toBe(`${site.origin}/`);
    expect(Number.isNaN(Date.parse(result.checkTime))).toBe(false);
    expect(result.pagesScanned).toBe(7);
  });

  it('compares authorised products with the products the site lists', () => {
    expect(result.productVerification.authorizedProducts).toEqual([
      { productName: 'Calm Drops', found: true },
      { productName: 'Night Balm', found: false },
    ]);
    expect(result.productVerification.unauthorizedProducts).toEqual([
      { productName: 'Sleep Gummies', url: `${site.origin}/products/sleep-gummies` },
    ]);
  });

  it('reports progress as pages are done', () => {
    const last = progress.at(-1)!;
    expect(last.done).toBe(last.queued);
    expect(last.done).toBeGreaterThanOrEqual(7);
  });
});

describe('scanSite on claims spoken across caption cues', () => {
  let site: FixtureServer;
  let result: ScanResult;
  beforeAll(async () => {
    site = await serveSite({
      '/': page(
        'Videos',
        `<video src="/media/a.mp4"><track kind="captions" src="/media/a.vtt"></video>
         <video src="/media/b.mp4"><track kind="subtitles" src="/media/b.srt"></video>`,
      ),
      '/media/a.vtt': {
        type: 'text/vtt',
        body: [
          'WEBVTT',
          '00:00:03.000 --> 00:00:05.000\nThis oil cures',
          '00:00:05.000 --> 00:00:07.500\ninsomnia fast.',
          '00:00:20.000 --> 00:00:23.000\nThese statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat,',
          '00:00:23.000 --> 00:00:26.000\ncure, or prevent any disease.',
        ].join('\n\n'),
      },
      // Unpunctuated, as auto-generated captions are: segments are cut and overlap by one cue.
      '/media/b.srt': {
        type: 'application/x-subrip',
        body: [
          '1\n00:01:10,000 --> 00:01:12,000\nOur balm relieves',
          '2\n00:01:12,000 --> 00:01:15,000\narthritis overnight',
          '3\n00:01:15,000 --> 00:01:18,000\nour drops reduce anxiety',
          '4\n00:01:18,000 --> 00:01:21,000\nin our customers',
          '5\n00:01:21,000 --> 00:01:24,000\nthanks for watching',
        ].join('\n\n'),
      },
    });
    result = await scanSite(site.origin, {
      allowHosts: [site.host],
      analyzeImages: false,
      includeVideo: true,
    });
  });
  afterAll(() => site.close());

  it('finds a WebVTT claim split over two cues once, at the first cue', () => {
    const hits = result.violations.filter((v) => v.term === 'cure insomnia');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      isInVideo: true,
      startTime: 3,
      evidence: 'This oil cures insomnia fast.',
      videoUrl: `${site.origin}/media/a.mp4`,
    });
  });

  it('finds SRT claims across cues once each, at the cue each begins in', () => {
    const srt = result.violations.filter((v) => v.videoUrl === `${site.origin}/media/b.mp4`);
    expect(srt.map((v) => [v.term, v.startTime]).sort()).toEqual([
      ['reduce anxiety', 75],
      ['relieve arthritis', 70],
    ]);
  });

  it('recognises the disclaimer split over two cues and reports nothing from it', () => {
    expect(result.violations.map((v) => v.term).sort()).toEqual(
      ['cure insomnia', 'reduce anxiety', 'relieve arthritis'].sort(),
    );
  });
});

describe('scanSite on a clean site', () => {
  it('flags nothing among look-alike words, negations and disclaimers', async () => {
    const site = await serveSite(cleanSiteRoutes);
    try {
      const result = await scanSite(site.origin, { allowHosts: [site.host], analyzeImages: false });
      expect(result.pagesScanned).toBe(4);
      expect(result.violations).toEqual([]);
      expect(result.violationCount).toBe(0);
    } finally {
      await site.close();
    }
  });
});

describe('scanSite limits and failures', () => {
  it('stops at maxPages', async () => {
    const routes = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        i === 0 ? '/' : `/p${i}`,
        { body: `<p>Page ${i}</p><a href="/p${i + 1}">next</a><a href="/p${i + 2}">skip</a>` },
      ]),
    );
    const site = await serveSite(routes);
    try {
      const result = await scanSite(site.origin, {
        allowHosts: [site.host],
        maxPages: 5,
        analyzeImages: false,
      });
      expect(result.pagesScanned).toBe(5);
    } finally {
      await site.close();
    }
  });

  it('stops at maxDepth', async () => {
    const routes = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        i === 0 ? '/' : `/p${i}`,
        { body: `<a href="/p${i + 1}">next</a>` },
      ]),
    );
    const site = await serveSite(routes);
    try {
      const result = await scanSite(site.origin, {
        allowHosts: [site.host],
        maxDepth: 2,
        analyzeImages: false,
      });
      expect(result.pagesScanned).toBe(3);
    } finally {
      await site.close();
    }
  });

  it('can ignore robots.txt when asked', async () => {
    const { site, external } = await startClaimsSite();
    try {
      const result = await scanSite(site.origin, {
        allowHosts: [site.host],
        respectRobots: false,
        analyzeImages: false,
      });
      expect(result.violations.some((v) => v.term === 'reverse diabetes')).toBe(true);
    } finally {
      await site.close();
      await external.close();
    }
  });

  it("obeys the robots.txt of the site the start page redirects to, not the first address's", async () => {
    const target = await serveSite({
      '/': page('Shop', '<a href="/public">Public</a> <a href="/private">Private</a>'),
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' },
      '/public': page('Public', '<p>Public page.</p>'),
      '/private': page('Private', '<p>Private page.</p>'),
    });
    const start = await serveSite({
      '/': { status: 301, headers: { location: `${target.origin}/` } },
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /public\n' },
    });
    try {
      const result = await scanSite(start.origin, {
        allowHosts: [start.host, target.host],
        analyzeImages: false,
      });
      expect(result.pagesScanned).toBe(2);
      expect(target.requests).toContain('/robots.txt');
      expect(target.requests).toContain('/public');
      expect(target.requests).not.toContain('/private');
    } finally {
      await start.close();
      await target.close();
    }
  });

  it('is cancelled through an AbortSignal', async () => {
    const { site, external } = await startClaimsSite();
    const controller = new AbortController();
    try {
      const scan = scanSite(site.origin, {
        allowHosts: [site.host],
        analyzeImages: false,
        concurrency: 1,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done === 1) controller.abort();
        },
      });
      await expect(scan).rejects.toMatchObject({ code: 'CANCELLED', message: 'Webcrawler is cancelled' });
    } finally {
      await site.close();
      await external.close();
    }
  });

  it('fails clearly when the site is not there', async () => {
    const site = await serveSite({});
    await site.close();
    await expect(scanSite(site.origin, { allowHosts: [site.host] })).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringMatching(/^Url not connected/) as unknown,
    });
  });

  it('fails clearly when the start page is a 404', async () => {
    const site = await serveSite({});
    try {
      await expect(scanSite(site.origin, { allowHosts: [site.host] })).rejects.toMatchObject({
        code: 'HTTP_ERROR',
      });
    } finally {
      await site.close();
    }
  });

  it('matches additional words literally', async () => {
    const site = await serveSite({
      '/': { body: '<p>Try our (a+)+b formula and Wonder Gummies today.</p>' },
    });
    try {
      const result = await scanSite(site.origin, {
        allowHosts: [site.host],
        analyzeImages: false,
        additionalWords: ['(a+)+b', ' wonder gummies ', '', '   '],
      });
      expect(result.violations.map((v) => v.term).sort()).toEqual(['(a+)+b', 'wonder gummies']);
      expect(result.violations.every((v) => v.category === 'ADDITIONAL_WORD')).toBe(true);
    } finally {
      await site.close();
    }
  });
});
