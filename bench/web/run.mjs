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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import {
  DEMO_OWNER,
  launchChromium,
  median,
  PERSIST_KEY,
  persistedSession,
  saveBaselineIfAsked,
  startBuilds,
  stopBuilds,
} from './builds.mjs';
import { cpuTimeEstimate } from './cpu-time.mjs';

saveBaselineIfAsked();
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4240);
const PG_PORT = Number(process.env.BENCH_WEB_PG_PORT ?? PORT + 9);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
// BENCH_WEB_PAGES=/webcrawler,/dashboard/main measures only those paths (a quick look at one change).
const ONLY = process.env.BENCH_WEB_PAGES?.split(',');
const PAGES = [
  { name: '/auth/sign-in', path: '/auth/sign-in', signedIn: false },
  { name: '/auth/sign-up', path: '/auth/sign-up', signedIn: false },
  { name: 'dashboard (signed in)', path: '/dashboard/main', signedIn: true },
  { name: '/webcrawler (signed in)', path: '/webcrawler', signedIn: true },
].filter((page) => !ONLY || ONLY.includes(page.path));

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, cls: 0.05 };

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
    const onCpu = await cpuTimeEstimate({
      lhr,
      trace: result.artifacts.Trace,
      devtoolsLog: result.artifacts.DevtoolsLog,
    });
    return {
      performance: score('performance'),
      onCpu: onCpu.performance,
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

const builds = [];
let browser;
try {
  await startBuilds({ port: PORT, pgPort: PG_PORT }, builds);

  browser = await launchChromium();
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
        onCpu: results.map((r) => r.onCpu),
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
  // The last column is bench/web/cpu-time.mjs's estimate: each run simulated again with every
  // main-thread task at its CPU time, to compare builds by when the machine's load moves the scores.
  console.log(
    '| page | build | performance (runs) | accessibility | best practices | CLS | FCP | LCP | TBT | on CPU time (runs) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.build} | ${row.performance}${mark(row.performance >= TARGETS.performance)} ` +
        `(${row.all.join(', ')}) | ` +
        `${row.accessibility}${mark(row.accessibility >= TARGETS.accessibility)} | ` +
        `${row['best-practices']}${mark(row['best-practices'] >= TARGETS['best-practices'])} | ` +
        `${row.cls.toFixed(3)}${mark(row.cls <= TARGETS.cls)} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ` +
        `${Math.round(row.tbt)} ms | ${median(row.onCpu)} (${row.onCpu.join(', ')}) |`,
    );
  }
  console.log('\nAudits below 0.9 in any run:');
  for (const row of rows) console.log(`- ${row.name} (${row.build}): ${row.failing.join(', ') || 'none'}`);
  console.log('\nConsole errors in any run:');
  for (const row of rows)
    console.log(`- ${row.name} (${row.build}): ${row.consoleErrors.join('; ') || 'none'}`);
} finally {
  await browser?.close();
  await stopBuilds(builds);
}
