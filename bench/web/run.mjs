// Lighthouse 12 (the pinned `lighthouse` dev dependency, mobile defaults) on the production build:
// /auth/sign-in, /auth/sign-up, the signed-in dashboard and /webcrawler, median of 3 runs each.
// Chromium is Debian's (CHROME_PATH overrides), never a download. The signed-in pages get the session
// the way the app keeps it: the persisted root key in localStorage, written before the page's scripts run.
// Run with `npm run bench:web` (it builds first). Prints a Markdown table for bench/RESULTS.md.
//
// Before and after in the same run: `node bench/web/run.mjs --save-baseline` copies the current build
// (apps/api/dist, apps/web/dist) to apps/api/dist-baseline and apps/web/dist-baseline; build the change,
// then `BENCH_WEB_BASELINE=1 npm run bench:web` serves the saved build beside the new one (the next port)
// and alternates their runs page by page, so both see the same machine load.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4240);
const PG_PORT = Number(process.env.BENCH_WEB_PG_PORT ?? PORT + 9);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BASELINE_API = 'apps/api/dist-baseline';
const BASELINE_WEB = 'apps/web/dist-baseline';

if (process.argv.includes('--save-baseline')) {
  for (const [from, to] of [
    ['apps/api/dist', BASELINE_API],
    ['apps/web/dist', BASELINE_WEB],
  ]) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
  console.log(`Saved the current build as the baseline (${BASELINE_API}, ${BASELINE_WEB}).`);
  process.exit(0);
}
const WITH_BASELINE = process.env.BENCH_WEB_BASELINE === '1';
if (WITH_BASELINE && !existsSync(`${BASELINE_API}/server.js`))
  throw new Error('No saved baseline: run `node bench/web/run.mjs --save-baseline` on the old build first');
const ADMIN = {
  email: 'bench-admin@trustleaf.local',
  password: `Bench-${randomBytes(6).toString('hex')}-Aa1!`,
};
const DEMO_OWNER = 'owner@greenvalley.example';
const PERSIST_KEY = 'trustleaf';

// BENCH_WEB_PAGES=/webcrawler,/dashboard/main measures only those paths (a quick look at one change).
const ONLY = process.env.BENCH_WEB_PAGES?.split(',');
const PAGES = [
  { name: '/auth/sign-in', path: '/auth/sign-in', signedIn: false },
  { name: '/auth/sign-up', path: '/auth/sign-up', signedIn: false },
  { name: 'dashboard (signed in)', path: '/dashboard/main', signedIn: true },
  { name: '/webcrawler (signed in)', path: '/webcrawler', signedIn: true },
].filter((page) => !ONLY || ONLY.includes(page.path));

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, cls: 0.05 };

function startServer({ dataDir, serverJs, webDist, port, pgPort }) {
  const child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
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

async function post(base, url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()).detail;
}

/** The persisted root the app writes after a sign-in (apps/web/src/stores/app-store.ts). */
async function persistedSession(base, email, password) {
  const session = await post(base, '/api/auth/login', { email, password });
  const profile = await post(base, '/api/user/getMyProfile', {}, session.accessToken);
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

async function audit(browser, base, page, root) {
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
      `${base}${page.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      undefined,
      tab,
    );
    const lhr = result.lhr;
    // BENCH_WEB_SAVE=<folder> keeps every report (lhr JSON), its trace and its network log for a closer
    // look (bench/web/lantern.mjs shows what Lighthouse's simulation counted in a run).
    if (process.env.BENCH_WEB_SAVE) {
      mkdirSync(process.env.BENCH_WEB_SAVE, { recursive: true });
      const name = `${new URL(base).port}${page.path.replaceAll('/', '_')}-${Date.now()}`;
      writeFileSync(path.join(process.env.BENCH_WEB_SAVE, `${name}.json`), JSON.stringify(lhr));
      writeFileSync(
        path.join(process.env.BENCH_WEB_SAVE, `${name}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
      writeFileSync(
        path.join(process.env.BENCH_WEB_SAVE, `${name}.devtoolslog.json`),
        JSON.stringify(result.artifacts.DevtoolsLog),
      );
    }
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
      consoleErrors: (lhr.audits['errors-in-console'].details?.items ?? []).map(
        (item) => `${item.source}: ${item.description}`,
      ),
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

const BUILDS = [
  ...(WITH_BASELINE
    ? [{ name: 'baseline', serverJs: `${BASELINE_API}/server.js`, webDist: BASELINE_WEB, offset: 1 }]
    : []),
  {
    name: WITH_BASELINE ? 'this build' : 'build',
    serverJs: 'apps/api/dist/server.js',
    webDist: 'apps/web/dist',
    offset: 0,
  },
];

/** Starts one build's server on its own port, data folder and database; resolves with its owner's password. */
async function startBuild(build, startedBuilds) {
  const port = PORT + build.offset;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trustleaf-bench-web-'));
  const server = startServer({
    dataDir,
    serverJs: build.serverJs,
    webDist: path.resolve(build.webDist),
    port,
    pgPort: PG_PORT + build.offset,
  });
  const base = `http://localhost:${port}`;
  const started = { ...build, base, dataDir, server, ownerPassword: '' };
  startedBuilds.push(started); // stopped in `finally` even if it never comes up
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `the ${build.name} server`);
  await waitFor(async () => server.output().includes(DEMO_OWNER), 'the start-up accounts');
  const ownerLine = server
    .output()
    .split('\n')
    .find((line) => line.includes(DEMO_OWNER));
  started.ownerPassword = /password (\S+)/.exec(ownerLine ?? '')?.[1] ?? '';
  if (!started.ownerPassword) throw new Error('the demo owner password was not printed');
  return started;
}

const builds = [];
let browser;
try {
  for (const build of BUILDS) await startBuild(build, builds);

  browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const loads = [loadavg()[0]];
  const rows = [];
  for (const page of PAGES) {
    const runs = new Map(builds.map((build) => [build.name, []]));
    for (let run = 0; run < RUNS; run++) {
      // Alternating builds run by run, so that both see the same load.
      for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
        // A fresh sign-in per run: the access token stays well inside its lifetime.
        const root = page.signedIn
          ? await persistedSession(build.base, DEMO_OWNER, build.ownerPassword)
          : null;
        // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is taken again.
        let result;
        for (let attempt = 1; !result; attempt++) {
          try {
            result = await audit(browser, build.base, page, root);
          } catch (error) {
            if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
            process.stderr.write(`${page.name} ${build.name}: ${String(error)}; again\n`);
          }
        }
        runs.get(build.name).push(result);
        process.stderr.write(
          `${page.name} ${build.name} run ${run + 1}: performance ${result.performance}, ` +
            `load ${loadavg()[0].toFixed(1)}\n`,
        );
      }
    }
    loads.push(loadavg()[0]);
    for (const build of builds) {
      const results = runs.get(build.name);
      const pick = (key) => median(results.map((r) => r[key]));
      rows.push({
        name: page.name,
        build: build.name,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        'best-practices': pick('best-practices'),
        cls: pick('cls'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        all: results.map((r) => r.performance),
        failing: [...new Set(results.flatMap((r) => r.failing))],
        consoleErrors: [...new Set(results.flatMap((r) => r.consoleErrors))],
      });
    }
  }

  const [one, five] = loadavg();
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const mark = (ok) => (ok ? '' : ' ✗');
  console.log(
    `Lighthouse ${JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version}, ` +
      `${(await browser.version()).replace('HeadlessChrome/', 'Chromium ')}, mobile defaults, median of ${RUNS}; ` +
      `load average (1 min) ${loads.map((load) => load.toFixed(1)).join(' → ')} (start, after each page); ` +
      `${one.toFixed(1)} (1 min) / ${five.toFixed(1)} (5 min) at the end.\n`,
  );
  console.log(
    '| page | build | performance (runs) | accessibility | best practices | CLS | FCP | LCP | TBT |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.build} | ${row.performance}${mark(row.performance >= TARGETS.performance)} ` +
        `(${row.all.join(', ')}) | ` +
        `${row.accessibility}${mark(row.accessibility >= TARGETS.accessibility)} | ` +
        `${row['best-practices']}${mark(row['best-practices'] >= TARGETS['best-practices'])} | ` +
        `${row.cls.toFixed(3)}${mark(row.cls <= TARGETS.cls)} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ` +
        `${Math.round(row.tbt)} ms |`,
    );
  }
  console.log('\nAudits below 0.9 in any run:');
  for (const row of rows) console.log(`- ${row.name} (${row.build}): ${row.failing.join(', ') || 'none'}`);
  console.log('\nConsole errors in any run:');
  for (const row of rows)
    console.log(`- ${row.name} (${row.build}): ${row.consoleErrors.join('; ') || 'none'}`);
} finally {
  await browser?.close();
  for (const build of builds) {
    build.server.child.kill('SIGTERM');
    await new Promise((resolve) => build.server.child.once('exit', resolve));
    rmSync(build.dataDir, { recursive: true, force: true });
  }
}
