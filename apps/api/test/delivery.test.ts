import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const SCRIPT = `console.log(${JSON.stringify('trustleaf '.repeat(400))});`;
const PAGE = `<!doctype html><html><body>${'<div>shell</div>'.repeat(200)}</body></html>`;
const DARK_PAGE = `<!doctype html><html><head><style>html{background:#0E1512}</style></head><body>${'<div>shell</div>'.repeat(200)}</body></html>`;
const SIGN_IN = `<!doctype html><html><body>${'<div>sign in</div>'.repeat(200)}</body></html>`;
const frame = (language: string) =>
  `<!doctype html><html lang="${language}"><body>${`<div>frame ${language}</div>`.repeat(200)}</body></html>`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // What `vite build` leaves: hashed assets with .br and .gz copies beside each file.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-web-'));
  await mkdir(path.join(webDist, 'assets'));
  // and the pages apps/web/scripts/prerender.mjs writes out.
  await mkdir(path.join(webDist, 'prerendered', 'auth'), { recursive: true });
  await mkdir(path.join(webDist, 'prerendered', 'dashboard'), { recursive: true });
  const files = {
    'assets/index-AbC123.js': SCRIPT,
    'index.html': PAGE,
    'index.dark.html': DARK_PAGE,
    'prerendered/auth/sign-in.html': SIGN_IN,
    // A signed-in page's frame, written out in English and in French.
    'prerendered/dashboard/main.html': frame('en'),
    'prerendered/dashboard/main.fr.html': frame('fr'),
  };
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(webDist, name), text);
    await writeFile(path.join(webDist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(webDist, `${name}.gz`), gzipSync(text));
  }
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('delivery of the SPA and JSON', () => {
  it('sends the brotli copy of a hashed asset, cached for a year as immutable', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('revalidates the page shell on every client-side route', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/documents/review',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });

  it('answers a file of the build that is not there with 404, not the page shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Gone99.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).not.toContain('shell');
  });

  it('sends a page written out at build time for its path, and the shell when a query changes it', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/auth/sign-in',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(SIGN_IN);
    const withReason = await t.app.inject({ method: 'GET', url: '/auth/sign-in?reason=idle' });
    expect(withReason.body).toBe(PAGE);
    const other = await t.app.inject({ method: 'GET', url: '/auth/sign-up' });
    expect(other.body).toBe(PAGE);
  });

  it("sends a written-out page in the viewer's language when it exists, and in a dark theme the dark shell instead", async () => {
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const first = await get('/dashboard/main');
    expect(first.body).toBe(frame('en'));
    expect(first.headers.vary).toContain('cookie');
    expect((await get('/dashboard/main', 'trustleaf_lang=fr; trustleaf_theme=blue')).body).toBe(frame('fr'));
    // German was not written out: the English page, which the app renders over.
    expect((await get('/dashboard/main', 'trustleaf_lang=de')).body).toBe(frame('en'));
    expect((await get('/auth/sign-in', 'trustleaf_lang=fr')).body).toBe(SIGN_IN);
    // In a dark theme the shell with the dark background, from its first paint.
    const dark = await get('/dashboard/main', 'trustleaf_lang=fr; trustleaf_theme=dark');
    expect(dark.body).toBe(DARK_PAGE);
    expect(dark.headers.vary).toContain('cookie');
    expect((await get('/auth/sign-in', 'trustleaf_theme=dark')).body).toBe(DARK_PAGE);
    expect((await get('/documents/review', 'trustleaf_theme=dark')).body).toBe(DARK_PAGE);
    expect((await get('/documents/review', 'trustleaf_theme=light')).body).toBe(PAGE);
    // A language's file is not a page of its own.
    expect((await get('/dashboard/main.fr')).body).toBe(PAGE);
    expect((await get('/dashboard/main', 'trustleaf_lang=../auth/sign-in')).body).toBe(frame('en'));
  });

  it('compresses a JSON answer above 1 KB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/general/generalInfo',
      headers: { 'accept-encoding': 'gzip' },
      payload: { requestFields: ['countries', 'states'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString());
    expect(body.detail.states.length).toBeGreaterThan(50);
  });
});
