import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '../src/index.ts';
import type { FixtureServer } from './fixture-server.ts';
import { startClaimsSite } from './sites.ts';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(packageDir, 'dist', 'cli.js');

async function scan(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('trustleaf-scan CLI (built)', () => {
  let site: FixtureServer;
  let external: FixtureServer;
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
  }, 120_000);
  afterAll(async () => {
    await site.close();
    await external.close();
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
