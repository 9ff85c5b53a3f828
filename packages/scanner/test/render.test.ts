import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, scanSite } from '../src/index.ts';
import type { ScanBrowser, ScanResult } from '../src/index.ts';
import { serveSite } from './fixture-server.ts';
import type { FixtureServer } from './fixture-server.ts';

/**
 * A shop whose text its script builds: the HTML as served holds a title, an empty mount point and a
 * script. The script writes a claim, an age gate, and tries to reach an address the scan does not allow.
 */
function shopRoutes(forbiddenOrigin: string) {
  const shell = (script: string) => ({
    body: `<!doctype html><html><head><title>THC Gummies Shop</title></head>
      <body><nav><a href="/shop">Shop</a></nav><div id="app"></div><script src="${script}"></script></body></html>`,
  });
  return {
    '/': shell('/app.js'),
    '/shop': shell('/shop.js'),
    '/app.js': {
      type: 'text/javascript',
      body: `document.getElementById('app').innerHTML =
        '<h1>Welcome</h1><p>Please confirm: are you 21 or older?</p>' +
        '<section><p>Family farm since 2015.</p><p>Our night gummies cure insomnia in a week.</p></section>';
        fetch(${JSON.stringify(`${forbiddenOrigin}/steal`)}).catch(() => {});
        const img = new Image(); img.src = ${JSON.stringify(`${forbiddenOrigin}/pixel.gif`)};`,
    },
    '/shop.js': {
      type: 'text/javascript',
      body: `fetch('/api/text').then((r) => r.text()).then((t) => {
        document.getElementById('app').innerHTML = '<article><p>' + t + '</p></article>';
      });`,
    },
    '/api/text': { type: 'text/plain', body: 'This balm heals arthritis overnight.' },
  };
}

const find = (result: ScanResult, term: string) => result.violations.find((v) => v.term === term);

describe('pages rendered by scripts', () => {
  let site: FixtureServer;
  let forbidden: FixtureServer;
  let snapshots: string;
  let rendered: ScanResult;

  beforeAll(async () => {
    forbidden = await serveSite({});
    site = await serveSite(shopRoutes(forbidden.origin));
    snapshots = await mkdtemp(path.join(tmpdir(), 'trustleaf-snapshots-'));
    // One scan, one browser, for the file: the pages are rendered because they carry little text and
    // run scripts (no render option given).
    rendered = await scanSite(site.origin, {
      allowHosts: [site.host],
      analyzeImages: false,
      snapshotDir: snapshots,
    });
  }, 90_000);
  afterAll(async () => {
    await site.close();
    await forbidden.close();
    await rm(snapshots, { recursive: true, force: true });
  });

  it('finds a claim that only the rendered page carries, through the same matcher', () => {
    expect(rendered.warnings).toBeUndefined();
    expect(find(rendered, 'cure insomnia')).toMatchObject({
      url: `${site.origin}/`,
      evidence: 'Our night gummies cure insomnia in a week.',
      category: 'DISEASE_CLAIM',
    });
    // Text a script fetched after the page loaded.
    expect(find(rendered, 'heal arthritis')).toMatchObject({ url: `${site.origin}/shop` });
  });

  it('serves the fetched HTML to the browser instead of fetching the page again', () => {
    expect(site.requests.filter((p) => p === '/')).toHaveLength(1);
    expect(site.requests).toContain('/app.js');
  });

  it('sends every request the browser makes through the SSRF guard: the other address is never reached', () => {
    expect(site.requests).toContain('/api/text');
    expect(forbidden.requests).toEqual([]);
  });

  it('asks for the age gate on the page as rendered', () => {
    expect(rendered.violations.some((v) => v.category === 'AGE_RESTRICTION')).toBe(false);
  });

  it('writes a PNG snapshot of the element holding the claim and names it in the finding', async () => {
    const v = find(rendered, 'cure insomnia')!;
    expect(v.snapshot).toBeDefined();
    expect(path.dirname(v.snapshot!)).toBe(snapshots);
    const png = await readFile(v.snapshot!);
    expect(png.length).toBeGreaterThan(100);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Findings that are not on the rendered page's body (the site-wide age gate, markup) get none.
    expect(rendered.violations.filter((x) => x.snapshot).every((x) => x.evidence.length > 0)).toBe(true);
  });

  it('renders the pages of several scans in one browser that the caller launched and closes', async () => {
    const launched = launchBrowser();
    let asked = 0;
    const shared: ScanBrowser = {
      get: () => {
        asked++;
        return launched.get();
      },
      close: () => launched.close(),
    };
    try {
      for (const page of ['/', '/shop']) {
        const result = await scanSite(`${site.origin}${page}`, {
          allowHosts: [site.host],
          analyzeImages: false,
          maxPages: 1,
          render: true,
          browser: shared,
        });
        expect(result.warnings).toBeUndefined();
        expect(result.violations.length).toBeGreaterThan(0);
      }
      // Each scan asked the shared browser for its pages and closed only its own context.
      expect(asked).toBe(2);
      const started = await launched.get();
      if (!('browser' in started)) throw new Error(started.warning);
      expect(started.browser.isConnected()).toBe(true);
      expect(started.browser.contexts()).toHaveLength(0);
      await shared.close();
      expect(started.browser.isConnected()).toBe(false);
    } finally {
      await shared.close();
    }
  }, 60_000);

  it('reads the page as served with --no-render: the claim is missed', async () => {
    const asServed = await scanSite(site.origin, {
      allowHosts: [site.host],
      analyzeImages: false,
      render: false,
    });
    expect(find(asServed, 'cure insomnia')).toBeUndefined();
    expect(asServed.warnings).toBeUndefined();
  });

  it('says once that Chromium is missing and scans the pages as served', async () => {
    const warnings: string[] = [];
    const result = await scanSite(site.origin, {
      allowHosts: [site.host],
      analyzeImages: false,
      render: true,
      chromePath: path.join(snapshots, 'no-such-chromium'),
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Chromium not found at .*no-such-chromium/);
    expect(result.warnings).toEqual(warnings);
    expect(result.pagesScanned).toBe(2);
    expect(find(result, 'cure insomnia')).toBeUndefined();
    // As served, the start page offers THC and asks for no age: the finding the rendered gate removed.
    expect(result.violations.some((v) => v.category === 'AGE_RESTRICTION')).toBe(true);
  });
});
