import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
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

  it('writes a PNG snapshot of the highlighted claim and names it in the finding', async () => {
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

/** The pixels of a snapshot: its size, and the box the claim's yellow highlight covers (null: none). */
async function highlightBox(file: string) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let box: { left: number; top: number; right: number; bottom: number } | null = null;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = (y * info.width + x) * 3;
      // #ffeb3b, the highlight's background.
      if (data[at]! > 240 && data[at + 1]! > 215 && data[at + 1]! < 250 && data[at + 2]! < 110) {
        box = box
          ? {
              left: Math.min(box.left, x),
              top: Math.min(box.top, y),
              right: Math.max(box.right, x),
              bottom: Math.max(box.bottom, y),
            }
          : { left: x, top: y, right: x, bottom: y };
      }
    }
  }
  return { width: info.width, height: info.height, box };
}

describe('snapshots of a claim', () => {
  const filler = 'Our farm grows hemp in the valley and ships across the state every week.';
  let site: FixtureServer;
  let snapshots: string;

  beforeAll(async () => {
    // The claim mid-line in a paragraph as wide as the page and one line tall, far down the page.
    const page = `<!doctype html><html><head><title>Gummies</title></head><body style="margin:8px;font:16px sans-serif">
      ${Array.from({ length: 30 }, () => `<p>${filler}</p>`).join('')}
      <p style="white-space:nowrap;margin:0">${filler} Our night gummies cure insomnia in a week. ${filler}</p>
      ${Array.from({ length: 30 }, () => `<p>${filler}</p>`).join('')}
    </body></html>`;
    site = await serveSite({ '/': { body: page } });
    snapshots = await mkdtemp(path.join(tmpdir(), 'trustleaf-snapshots-'));
  });
  afterAll(async () => {
    await site.close();
    await rm(snapshots, { recursive: true, force: true });
  });

  it('clips a readable region around the highlighted claim, not the whole wide element', async () => {
    const result = await scanSite(site.origin, {
      allowHosts: [site.host],
      analyzeImages: false,
      maxPages: 1,
      render: true,
      snapshotDir: snapshots,
    });
    const v = find(result, 'cure insomnia')!;
    expect(v.evidence).toBe('Our night gummies cure insomnia in a week.');
    const { width, height, box } = await highlightBox(v.snapshot!);
    // A picture about 16:9 to 4:3, at most 800 CSS px wide: shrunk to a thumbnail, its words stay legible.
    expect(width).toBeGreaterThanOrEqual(400);
    expect(width).toBeLessThanOrEqual(800);
    expect(width / height).toBeGreaterThanOrEqual(4 / 3 - 0.01);
    expect(width / height).toBeLessThanOrEqual(16 / 9 + 0.01);
    // The whole highlighted claim, with room around it on every side.
    expect(box).not.toBeNull();
    expect(box!.left).toBeGreaterThanOrEqual(8);
    expect(box!.top).toBeGreaterThanOrEqual(8);
    expect(width - 1 - box!.right).toBeGreaterThanOrEqual(8);
    expect(height - 1 - box!.bottom).toBeGreaterThanOrEqual(8);
    // The claim's sentence alone is highlighted, not the paragraph around it.
    expect(box!.right - box!.left).toBeLessThan(420);
    expect(box!.right - box!.left).toBeGreaterThan(200);
  }, 60_000);
});
