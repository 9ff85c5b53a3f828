// Lighthouse (mobile, default simulated throttling) on the public trust profile (issue 21): the built
// server with the demo company made compliant (accepted documents, an active Basic subscription, the
// profile published), so the page carries the seal and its tooltip. The baseline in the same run is
// the same HTML served by a bare node:http server, so the ratio shows what the app adds to the page.
// Run: `npm run build -w apps/api && npm run bench:trust`. Chromium is Debian's (/usr/bin/chromium).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const resultsFile = path.resolve(here, '..', 'RESULTS.md');
const PORT = Number(process.env.BENCH_PORT ?? 4520);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55520);
const BARE_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 3;
const ADMIN = { email: 'bench-admin@trustleaf.local', password: 'Bench-Admin-Passw0rd!' };
const DAY = 864e5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function post(url, body, token) {
  const response = await fetch(`${BASE}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()).detail;
}

/** The demo company meets every condition of the seal, as a reviewer and a paid checkout would leave it. */
async function makeCompliant(db) {
  const { rows: companies } = await db.query(
    `select id, business_type_id from companies where name = 'Green Valley Hemp Co.'`,
  );
  const company = companies[0];
  if (!company) throw new Error('the demo company is missing (SEED_DEMO)');
  const { rows: types } = await db.query(
    `select id from document_types where deleted_at is null and $1 = any(business_type_ids)`,
    [company.business_type_id],
  );
  const expires = new Date(Date.now() + 200 * DAY).toISOString().slice(0, 10);
  for (const type of types) {
    await db.query(
      `insert into company_documents (company_id, document_type_id, version, file_key, file_name, mime_type,
         size_bytes, view_key, conversion_status, review_status, expiration_date, license_number)
       values ($1, $2, coalesce((select max(version) from company_documents where company_id = $1 and document_type_id = $2), 0) + 1,
         'bench/licence.pdf', 'licence.pdf', 'application/pdf', 100, 'bench/licence.pdf', 'COMPLETED', 'accepted', $3, 'BENCH-1')`,
      [company.id, type.id, expires],
    );
  }
  await db.query(
    `insert into company_subscriptions (company_id, plan_id, status, payment_frequency, price_cents, paid_cents,
       started_at, current_period_start, current_period_end)
     select $1, id, 'AVAILABLE', 'MONTHLY', monthly_fee_cents, monthly_fee_cents, now(), now(), now() + interval '30 days'
       from plans where name = 'Basic' and region = 'US'
     on conflict do nothing`,
    [company.id],
  );
  return { companyId: company.id, documents: types.length };
}

async function audit(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    bestPractices: Math.round(categories['best-practices'].score * 100),
    seo: Math.round(categories.seo.score * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    bytes: audits['total-byte-weight'].numericValue,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trustleaf-bench-trust-'));
chmodSync(dataDir, 0o755);
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: BASE,
    EMBEDDED_PG_PORT: String(PG_PORT),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    WORKERS: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOutput = '';
server.stdout.on('data', (c) => (serverOutput += c));
server.stderr.on('data', (c) => (serverOutput += c));
let bare;
let chrome;
try {
  await until('the server', async () => (await fetch(`${BASE}/api/health`)).ok);
  const db = new pg.Client({
    connectionString: `postgres://postgres:trustleaf-embedded@127.0.0.1:${PG_PORT}/trustleaf`,
  });
  await db.connect();
  const { companyId, documents } = await makeCompliant(db);
  await db.end();
  const token = (await post('/api/auth/login', ADMIN)).accessToken;
  const settings = await post(
    '/api/trust/publishProfile',
    { plCompanyId: companyId, published: true },
    token,
  );
  if (!settings.eligible) throw new Error(`no seal: ${JSON.stringify(settings.blockers)}`);
  const profileUrl = `${BASE}/trust/${settings.slug}`;
  const html = await (await fetch(profileUrl)).text();
  if (!html.includes('Trustleaf verified')) throw new Error('the profile shows no seal');

  bare = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise((resolve) => bare.listen(BARE_PORT, '127.0.0.1', resolve));

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const app = [];
  const baseline = [];
  for (let run = 0; run < RUNS; run++) {
    baseline.push(await audit(`http://127.0.0.1:${BARE_PORT}/`, chrome.port));
    app.push(await audit(profileUrl, chrome.port));
  }
  const summary = (runs) => ({
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    bestPractices: median(runs.map((r) => r.bestPractices)),
    seo: median(runs.map((r) => r.seo)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    bytes: median(runs.map((r) => r.bytes)),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  });
  const a = summary(app);
  const b = summary(baseline);
  console.log(JSON.stringify({ app: a, baseline: b, runs: { app, baseline } }, null, 2));
  const ms = (value) => `${Math.round(value)} ms`;
  const section = [
    '## Trust profile (Lighthouse mobile)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}) with Lighthouse 12.2.3 (mobile form factor, simulated throttling: slow 4G, 4× CPU slowdown) in Debian's Chromium (\`--headless --no-sandbox --disable-gpu\`); median of ${RUNS} runs each. The page is \`/trust/<slug>\` of the demo company made compliant (${documents} accepted documents, Basic plan, published), served by the built server (\`NODE_ENV=production\`); the baseline is the same HTML from a bare node:http server in the same run. Run: \`npm run build -w apps/api && npm run bench:trust\`.`,
    '',
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes |',
    '|---|---|---|---|---|---|---|---|---|---|',
    `| trust profile (app) | ${a.performance} | ${a.accessibility} | ${a.bestPractices} | ${a.seo} | ${ms(a.fcp)} | ${ms(a.lcp)} | ${ms(a.tbt)} | ${a.cls.toFixed(3)} | ${Math.round(a.bytes)} |`,
    `| same HTML, bare node:http | ${b.performance} | ${b.accessibility} | ${b.bestPractices} | ${b.seo} | ${ms(b.fcp)} | ${ms(b.lcp)} | ${ms(b.tbt)} | ${b.cls.toFixed(3)} | ${Math.round(b.bytes)} |`,
    `| ratio app / bare | ${(a.performance / b.performance).toFixed(2)} | ${(a.accessibility / b.accessibility).toFixed(2)} | | | ${(a.fcp / b.fcp).toFixed(2)} | ${(a.lcp / b.lcp).toFixed(2)} | | | ${(a.bytes / b.bytes).toFixed(2)} |`,
    '',
    `Targets (issue 21): performance ≥ 95, accessibility 100. Failing binary audits on the app's page: ${a.failing.length ? a.failing.join(', ') : 'none'}.`,
    '',
  ].join('\n');
  const previous = readFileSync(resultsFile, 'utf8');
  const pattern = /## Trust profile \(Lighthouse mobile\)\n[\s\S]*?(?=\n## |$)/;
  writeFileSync(
    resultsFile,
    pattern.test(previous)
      ? previous.replace(pattern, section.trimEnd() + '\n')
      : `${previous.trimEnd()}\n\n${section}`,
  );
  console.log(section);
  if (a.performance < 95 || a.accessibility < 100) process.exitCode = 1;
} catch (error) {
  console.error(error);
  console.error(serverOutput.slice(-4000));
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  bare?.close();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
