import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '../src/index.ts';
import type { FixtureServer } from './fixture-server.ts';
import { cleanSiteRoutes, startClaimsSite } from './sites.ts';
import { serveSite } from './fixture-server.ts';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageDir, '..', '..');
/** The committed launcher that npm links as the trustleaf-scan bin. */
const launcher = path.join(packageDir, 'bin', 'trustleaf-scan.cjs');

type Outcome = { code: number; stdout: string; stderr: string };

async function exec(file: string, args: string[], cwd = packageDir): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(file, args, { timeout: 60_000, cwd });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** The bin as installed, run by the Node 22 running the tests. */
const scan = (args: string[]) => exec(process.execPath, [launcher, ...args]);

/** A Node.js older than 22 on this machine (Debian's), if there is one. */
function oldNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(/^v(\d+)/.exec(version)?.[1]) < 22) return candidate;
    } catch {
      // not installed there
    }
  }
  return undefined;
}

describe('trustleaf-scan CLI (built)', () => {
  let site: FixtureServer;
  let external: FixtureServer;
  let clean: FixtureServer;
  const dir = mkdtempSync(path.join(tmpdir(), 'trustleaf-scan-'));

  beforeAll(async () => {
    // Always build: the test is about the shipped bin, and a stale dist would test old code.
    const tsc = path.join(
      path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
      'bin',
      'tsc',
    );
    await run(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: packageDir });
    ({ site, external } = await startClaimsSite());
    clean = await serveSite(cleanSiteRoutes);
  }, 120_000);
  afterAll(async () => {
    await site.close();
    await external.close();
    await clean.close();
  });

  it('is linked at install time and runs from the repository root through npx, never the registry', async () => {
    expect(realpathSync(path.join(repoRoot, 'node_modules', '.bin', 'trustleaf-scan'))).toBe(launcher);
    // --no: npx refuses to install anything, so a missing link fails here instead of fetching a package.
    const { code, stdout } = await exec(
      'npx',
      ['--no', 'trustleaf-scan', clean.origin, '--allow-host', clean.host, '--no-images', '--fail-on', 'LOW'],
      repoRoot,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Scan has identified 0 potential issues');
  });

  it.skipIf(!oldNode())('exits 2 with one line on a Node.js older than 22', async () => {
    const { code, stdout, stderr } = await exec(oldNode()!, [launcher, clean.origin]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^trustleaf-scan needs Node\.js 22 or newer; this is Node\.js 2?\d\.[\d.]+\.\n$/);
  });

  it('exits 3 with --fail-on when a finding at or above that severity is found', async () => {
    const high = await scan([site.origin, '--allow-host', site.host, '--no-images', '--fail-on', 'high']);
    expect(high.code).toBe(3);
    expect(high.stdout).toContain('HIGH');
    expect(high.stderr).toContain('findings at or above HIGH severity');
    const bad = await scan([site.origin, '--fail-on', 'severe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-on must be HIGH, MEDIUM or LOW.');
  });

  it('scans a site, prints a summary and writes JSON and PDF', async () => {
    const json = path.join(dir, 'out.json');
    const pdf = path.join(dir, 'out.pdf');
    const products = path.join(dir, 'products.txt');
    writeFileSync(products, 'Calm Drops\n\nNight Balm\n');
    const { code, stdout } = await scan([
      site.origin,
      '--allow-host',
      site.host,
      '--no-images',
      '--video',
      '--words',
      'full spectrum,family owned',
      '--products',
      products,
      '--json',
      json,
      '--pdf',
      pdf,
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(readFileSync(json, 'utf8')) as ScanResult;
    expect(result.pagesScanned).toBe(7);
    const terms = result.violations.map((v) => v.term);
    expect(terms).toEqual(
      expect.arrayContaining(['cure cancer', 'treat anxiety', 'full spectrum', 'family owned']),
    );
    expect(result.productVerification.authorizedProducts).toEqual([
      { productName: 'Calm Drops', found: true },
      { productName: 'Night Balm', found: false },
    ]);
    expect(stdout).toContain(`Scan has identified ${result.violationCount} potential issues!`);
    expect(stdout).toContain('Our full spectrum CBD oil cures cancer.');
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('draws the snapshots it takes into the PDF, a file two findings share read and embedded once', async () => {
    const shop = await serveSite({
      '/': {
        body: `<!doctype html><html><head><title>Shop</title></head><body><a href="/balm">Balm</a>
          <p>Our tincture cures cancer and treats anxiety.</p></body></html>`,
      },
      '/balm': {
        body: '<!doctype html><html><head><title>Balm</title></head><body><p>This balm heals arthritis overnight.</p></body></html>',
      },
    });
    try {
      const snapshots = path.join(dir, 'snapshots');
      const json = path.join(dir, 'snapshots.json');
      const pdf = path.join(dir, 'snapshots.pdf');
      const { code, stderr } = await scan([
        shop.origin,
        '--allow-host',
        shop.host,
        '--no-images',
        '--render',
        '--snapshots',
        snapshots,
        '--json',
        json,
        '--pdf',
        pdf,
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const { violations } = JSON.parse(readFileSync(json, 'utf8')) as ScanResult;
      const withSnapshot = violations.filter((v) => v.snapshot);
      const files = new Set(withSnapshot.map((v) => v.snapshot));
      // 'cure cancer' and 'treat anxiety' in one sentence share a file; the balm's claim has its own.
      expect(withSnapshot.map((v) => v.term).sort()).toEqual([
        'cure cancer',
        'heal arthritis',
        'treat anxiety',
      ]);
      expect(files.size).toBe(2);

      // Read back: an image drawn in each finding's row, each file's pixels embedded once.
      const bytes = readFileSync(pdf);
      const { OPS } = await getResolvedPDFJS();
      const doc = await getDocumentProxy(new Uint8Array(bytes));
      let drawn = 0;
      for (let n = 1; n <= doc.numPages; n++) {
        const { fnArray } = await (await doc.getPage(n)).getOperatorList();
        drawn += fnArray.filter((op) => op === OPS.paintImageXObject).length;
      }
      expect(drawn).toBe(3);
      expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
      const text = (
        await Promise.all(
          [...Array(doc.numPages).keys()].map(async (i) =>
            (await (await doc.getPage(i + 1)).getTextContent()).items
              .map((item) => ('str' in item ? item.str : ''))
              .join(' '),
          ),
        )
      ).join(' ');
      expect(text).toContain('Snapshot/Link');
    } finally {
      await shop.close();
    }
  });

  it('honours --max-pages', async () => {
    const json = path.join(dir, 'small.json');
    const { code } = await scan([
      site.origin,
      '--allow-host',
      site.host,
      '--no-images',
      '--max-pages',
      '2',
      '--json',
      json,
    ]);
    expect(code).toBe(0);
    expect((JSON.parse(readFileSync(json, 'utf8')) as ScanResult).pagesScanned).toBe(2);
  });

  it('exits non-zero with a clear message when the scan cannot run', async () => {
    const blocked = await scan([site.origin, '--no-images']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toMatch(/Refusing to connect to 127\.0\.0\.1: loopback addresses are not scanned/);

    const usage = await scan([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Give exactly one URL to scan.');

    const badOption = await scan([site.origin, '--max-pages', 'lots']);
    expect(badOption.code).toBe(2);
  });
});
