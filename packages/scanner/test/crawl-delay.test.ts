import { describe, expect, it } from 'vitest';
import { MAX_CRAWL_DELAY_SECONDS, scanSite } from '../src/index.ts';
import { crawlDelayMs } from '../src/crawl-delay.ts';
import { page, serveSite } from './fixture-server.ts';
import type { FixtureServer } from './fixture-server.ts';

describe('crawlDelayMs', () => {
  it('turns robots.txt seconds into milliseconds, cut to the documented maximum', () => {
    expect(MAX_CRAWL_DELAY_SECONDS).toBe(10);
    expect(crawlDelayMs(undefined)).toBe(0);
    expect(crawlDelayMs(0)).toBe(0);
    expect(crawlDelayMs(-3)).toBe(0);
    expect(crawlDelayMs(Number.NaN)).toBe(0);
    expect(crawlDelayMs(0.25)).toBe(250);
    expect(crawlDelayMs(2)).toBe(2000);
    expect(crawlDelayMs(3600)).toBe(10_000);
  });
});

/** A start page linking five pages, and the given robots.txt. */
function siteWithRobots(robots: string) {
  const links = [1, 2, 3, 4, 5].map((i) => `<a href="/p${i}">Page ${i}</a>`).join(' ');
  return serveSite({
    '/': page('Home', `<nav>${links}</nav><p>Hemp grown in Oregon.</p>`),
    '/robots.txt': { type: 'text/plain', body: robots },
    ...Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`/p${i}`, page(`Page ${i}`, `<p>Page ${i}.</p>`)])),
  });
}

/**
 * Gaps, as the server saw them, between the requests after the start page and robots.txt (which are
 * asked for together, before the delay is known).
 */
function gapsAfterRobots(site: FixtureServer): number[] {
  const from = Math.max(site.requests.indexOf('/robots.txt'), site.requests.indexOf('/')) + 1;
  const times = site.requestTimes.slice(from);
  return times.slice(1).map((t, i) => t - times[i]!);
}

/**
 * The scanner starts its requests `delayMs` apart; the server sees each one a little later, by a
 * latency that varies (the first opens a connection, and on a busy machine the event loop the server
 * shares with the scanner notes an arrival late). The gaps therefore add up to the delays plus the
 * last latency less the first; the first can exceed one delay on a busy machine (970 ms of 1250 for
 * five gaps of 250 in a CI run at load 10), so the total is held to two delays less than their sum.
 * At most one gap is short (the one after an arrival noted late, seen at 34 ms of 250 at load 12).
 * Without a delay every gap is near zero (eight requests at once), which fails both checks.
 */
function expectSpacedBy(gaps: number[], delayMs: number) {
  const total = gaps.reduce((sum, gap) => sum + gap, 0);
  expect(total).toBeGreaterThanOrEqual((gaps.length - 2) * delayMs);
  const short = gaps.filter((gap) => gap < delayMs / 4);
  expect(short.length).toBeLessThanOrEqual(1);
}

describe('scanSite and robots.txt Crawl-delay', () => {
  it("spaces the requests after robots.txt by the delay set for the scanner's agent", async () => {
    // Another agent's 30 s delay must not apply; ours (0.25 s) must.
    const site = await siteWithRobots(
      'User-agent: OtherBot\nCrawl-delay: 30\n\nUser-agent: TrustleafScanner\nCrawl-delay: 0.25\nDisallow:\n',
    );
    try {
      const result = await scanSite(site.origin, {
        allowHosts: [site.host],
        analyzeImages: false,
        concurrency: 8,
      });
      expect(result.pagesScanned).toBe(6);
      const gaps = gapsAfterRobots(site);
      // sitemap.xml and the five pages: five gaps of the delay.
      expect(gaps).toHaveLength(5);
      expectSpacedBy(gaps, 250);
      // Far below another agent's 30 s: that group's delay was not taken.
      expect(Math.max(...gaps)).toBeLessThan(5_000);
    } finally {
      await site.close();
    }
  });

  it('uses the * group when robots.txt names no group for the scanner', async () => {
    const site = await siteWithRobots('User-agent: *\nCrawl-delay: 0.2\n');
    try {
      await scanSite(site.origin, { allowHosts: [site.host], analyzeImages: false });
      const gaps = gapsAfterRobots(site);
      expect(gaps).toHaveLength(5);
      expectSpacedBy(gaps, 200);
    } finally {
      await site.close();
    }
  });

  it('ignores the delay when asked', async () => {
    // Honoured, this delay (cut to 10 s) would space the six requests by 50 s in all.
    const site = await siteWithRobots('User-agent: *\nCrawl-delay: 60\n');
    try {
      const result = await scanSite(site.origin, {
        allowHosts: [site.host],
        analyzeImages: false,
        respectCrawlDelay: false,
      });
      expect(result.pagesScanned).toBe(6);
      const gaps = gapsAfterRobots(site);
      expect(gaps.reduce((a, b) => a + b, 0)).toBeLessThan(5_000);
    } finally {
      await site.close();
    }
  });

  it('stops waiting for a slot when the scan is cancelled', async () => {
    const site = await siteWithRobots('User-agent: *\nCrawl-delay: 10\n');
    const controller = new AbortController();
    try {
      const scan = scanSite(site.origin, {
        allowHosts: [site.host],
        analyzeImages: false,
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 300);
      await expect(scan).rejects.toMatchObject({ code: 'CANCELLED' });
      // Cancelled during the first 10 s wait: nothing after the sitemap was requested.
      expect(site.requests.filter((p) => p.startsWith('/p'))).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
