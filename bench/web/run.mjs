// Lighthouse 12 (the pinned `lighthouse` dev dependency, mobile defaults) on the production build:
// /auth/sign-in, /auth/sign-up, the signed-in dashboard and /webcrawler, median of 3 runs each.
// Chromium is Debian's (CHROME_PATH overrides), never a download. The signed-in pages get the session
// the way the app keeps it: the persisted root key in localStorage, written before the page's scripts run.
// Run with `npm run bench:web` (it builds first). Prints a Markdown table for bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4240);
const PG_PORT = Number(process.env.BENCH_WEB_PG_PORT ?? PORT + 9);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BASE = `http://localhost:${PORT}`;
const ADMIN = {
  email: 'bench-admin@trustleaf.local',
  password: `Bench-${randomBytes(6).toString('hex')}-Aa1!`,
};
const DEMO_OWNER = 'owner@greenvalley.example';
const PERSIST_KEY = 'trustleaf';

const PAGES = [
  { name: '/auth/sign-in', path: '/auth/sign-in', signedIn: false },
  { name: '/auth/sign-up', path: '/auth/sign-up', signedIn: false },
  { name: 'dashboard (signed in)', path: '/dashboard/main', signedIn: true },
  { name: '/webcrawler (signed in)', path: '/webcrawler', signedIn: true },
];

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, cls: 0.05 };

function startServer(dataDir) {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE,
      EMBEDDED_PG_PORT: String(PG_PORT),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitFor(check, what, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
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

/** The persisted root the app writes after a sign-in (apps/web/src/stores/app-store.ts). */
async function persistedSession(email, password) {
  const session = await post('/api/auth/login', { email, password });
  const profile = await post('/api/user/getMyProfile', {}, session.accessToken);
  return JSON.stringify({
    version: 1,
    state: {
      session: { accessToken: session.accessToken, expiresIn: session.expiresIn, receivedAt: Date.now() },
      language: 'en',
      theme: 'default',
      navCollapsed: null,
      account: {
        currentUser: profile.currentUser,
        currentCompany: profile.currentCompany,
        currentAdminSelectedCompany: null,
        statistics: null,
        jobs: [],
      },
    },
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function audit(browser, page, root) {
  const tab = await browser.newPage();
  try {
    if (root) {
      await tab.evaluateOnNewDocument(
        (key, value) => {
          if (!globalThis.localStorage.getItem(key)) globalThis.localStorage.setItem(key, value);
        },
        PERSIST_KEY,
        root,
      );
    }
    const result = await lighthouse(
      `${BASE}${page.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      undefined,
      tab,
    );
    const lhr = result.lhr;
    if (lhr.runtimeError)
      throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath}`);
    const score = (id) => Math.round(lhr.categories[id].score * 100);
    const numeric = (id) => lhr.audits[id].numericValue;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      cls: numeric('cumulative-layout-shift'),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      failing: Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode) &&
            a.id !== 'cumulative-layout-shift',
        )
        .map((a) => a.id),
    };
  } finally {
    await tab.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'trustleaf-bench-web-'));
const server = startServer(dataDir);
let browser;
try {
  await waitFor(async () => (await fetch(`${BASE}/api/health`)).ok, 'the server');
  await waitFor(async () => server.output().includes(DEMO_OWNER), 'the start-up accounts');
  const ownerLine = server
    .output()
    .split('\n')
    .find((line) => line.includes(DEMO_OWNER));
  const ownerPassword = /password (\S+)/.exec(ownerLine ?? '')?.[1];
  if (!ownerPassword) throw new Error('the demo owner password was not printed');

  browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh sign-in per run: the access token stays well inside its lifetime.
      const root = page.signedIn ? await persistedSession(DEMO_OWNER, ownerPassword) : null;
      runs.push(await audit(browser, page, root));
      process.stderr.write(`${page.name} run ${run + 1}: performance ${runs.at(-1).performance}\n`);
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    rows.push({
      name: page.name,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      'best-practices': pick('best-practices'),
      cls: pick('cls'),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      failing: [...new Set(runs.flatMap((r) => r.failing))],
    });
  }

  const [one, five] = loadavg();
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const mark = (ok) => (ok ? '' : ' ✗');
  console.log(
    `Lighthouse ${JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version}, ` +
      `${(await browser.version()).replace('HeadlessChrome/', 'Chromium ')}, mobile defaults, median of ${RUNS}; ` +
      `load average ${one.toFixed(1)} (1 min) / ${five.toFixed(1)} (5 min) at the end.\n`,
  );
  console.log('| page | performance | accessibility | best practices | CLS | FCP | LCP | TBT |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.performance}${mark(row.performance >= TARGETS.performance)} | ` +
        `${row.accessibility}${mark(row.accessibility >= TARGETS.accessibility)} | ` +
        `${row['best-practices']}${mark(row['best-practices'] >= TARGETS['best-practices'])} | ` +
        `${row.cls.toFixed(3)}${mark(row.cls <= TARGETS.cls)} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ` +
        `${Math.round(row.tbt)} ms |`,
    );
  }
  console.log('\nAudits below 0.9 in any run:');
  for (const row of rows) console.log(`- ${row.name}: ${row.failing.join(', ') || 'none'}`);
} finally {
  await browser?.close();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
