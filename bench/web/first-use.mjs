// What a person waits for the first time they open something the app loads on first use, on the
// production build in Chromium (1280×800): the language menu after a click on its button (pointed at a
// moment before, as a hand does), a wrong password's message after the sign-in button stops turning,
// and the Webcrawler's report after View (a finished scan of the demo site to view). Each is timed in
// the page, from the click (or the end of the button's progress) to the element in the document.
// With BENCH_WEB_BASELINE=1 the saved baseline build (`node bench/web/run.mjs --save-baseline`) is
// measured beside this one, runs alternating, and the table gives this build's median over the
// baseline's. Run with `node bench/web/first-use.mjs` after `npm run build`; BENCH_WEB_RUNS sets the
// rounds (5). Prints a Markdown table for bench/RESULTS.md.
/* global document, window, MutationObserver, HTMLButtonElement */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import {
  CHROME,
  DEMO_OWNER,
  median,
  PERSIST_KEY,
  persistedSession,
  post,
  startBuilds,
  stopBuilds,
  waitFor,
} from './builds.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4260);
const PG_PORT = Number(process.env.BENCH_WEB_PG_PORT ?? PORT + 9);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);

/**
 * Resolves, in the page, with the ms from a click on the first `target` (a selector, and the element's
 * text when given) until `selector` is in the document.
 */
function untilPresent(page, selector, target, text) {
  return page.evaluate(
    ({ selector, target, text }) =>
      new Promise((resolve) => {
        const start = performance.now();
        new MutationObserver((_, observer) => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          resolve(performance.now() - start);
        }).observe(document.body, { subtree: true, childList: true });
        const element = [...document.querySelectorAll(target)].find(
          (candidate) => text === undefined || candidate.textContent === text,
        );
        element.click();
      }),
    { selector, target, text },
  );
}

async function takenOver(page) {
  await page.waitForFunction(() => {
    const submit = document.querySelector('button[type=submit]');
    return submit instanceof HTMLButtonElement && !submit.disabled;
  });
}

async function languageMenu(context, base) {
  const page = await context.newPage();
  await page.goto(`${base}/auth/sign-in`);
  await takenOver(page);
  await page.getByTestId('language-switcher').hover();
  await page.waitForTimeout(500);
  const ms = await untilPresent(page, '[role=menu]', '[data-testid=language-switcher]');
  await page.close();
  return ms;
}

/** From the end of the sign-in button's progress to the error's alert (0 when they come together). */
async function signInError(context, base) {
  const page = await context.newPage();
  await page.goto(`${base}/auth/sign-in`);
  await takenOver(page);
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1!');
  await page.evaluate(() => {
    const marks = {};
    window.__firstUse = marks;
    let wasBusy = false;
    new MutationObserver(() => {
      const now = performance.now();
      const busy = Boolean(document.querySelector('button[type=submit] .MuiButton-loadingIndicator'));
      if (busy) wasBusy = true;
      if (wasBusy && !busy && marks.buttonDone === undefined) marks.buttonDone = now;
      if (marks.alert === undefined && document.querySelector('[data-testid=sign-in-error]'))
        marks.alert = now;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('sign-in-error').waitFor();
  await page.waitForFunction(() => window.__firstUse.buttonDone !== undefined);
  const { buttonDone, alert } = await page.evaluate(() => window.__firstUse);
  await page.close();
  return Math.max(0, alert - buttonDone);
}

async function reportDialog(context, base, root) {
  const page = await context.newPage();
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: PERSIST_KEY,
    value: root,
  });
  await page.goto(`${base}/webcrawler`);
  const view = page.getByRole('button', { name: 'View' }).first();
  await view.waitFor();
  await page.waitForTimeout(2000);
  await view.scrollIntoViewIfNeeded();
  const ms = await untilPresent(page, '[role=dialog]', 'button', 'View');
  await page.close();
  return ms;
}

/** One finished scan of the build's demo site, so that the Webcrawler has a report to view. */
async function scanDemoSite(build) {
  const session = await post(build.base, '/api/auth/login', {
    email: DEMO_OWNER,
    password: build.ownerPassword,
  });
  const { currentCompany } = await post(build.base, '/api/user/getMyProfile', {}, session.accessToken);
  const started = await post(
    build.base,
    '/api/webcrawler/scanUrl',
    { plCompanyId: currentCompany.plCompanyId, url: `${build.base}/demo-site/` },
    session.accessToken,
  );
  await waitFor(async () => {
    const job = await post(
      build.base,
      '/api/webcrawler/getScanUrlJob',
      { jobId: started.jobId },
      session.accessToken,
    );
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`the demo scan ${job.status}`);
    return job.status === 'completed';
  }, 'the demo site scan');
}

const MEASURES = [
  { name: 'language menu after the click', run: (context, build) => languageMenu(context, build.base) },
  { name: 'sign-in error after the button stops', run: (context, build) => signInError(context, build.base) },
  {
    name: 'Webcrawler report after View',
    run: async (context, build) =>
      reportDialog(context, build.base, await persistedSession(build.base, DEMO_OWNER, build.ownerPassword)),
  },
];

const builds = [];
let browser;
try {
  await startBuilds({ port: PORT, pgPort: PG_PORT }, builds);
  for (const build of builds) await scanDemoSite(build);
  browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const loads = [loadavg()[0]];
  const results = new Map();
  for (const measure of MEASURES) {
    for (const build of builds) results.set(`${measure.name}|${build.name}`, []);
    for (let run = 0; run < RUNS; run++) {
      for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
        // A fresh context per run: nothing cached from the run before.
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        results.get(`${measure.name}|${build.name}`).push(await measure.run(context, build));
        await context.close();
      }
    }
    loads.push(loadavg()[0]);
  }
  console.log(
    `${(await browser.version()).replace(/^/, 'Chromium ')}, ${RUNS} runs each, builds alternating; ` +
      `load average (1 min) ${loads.map((load) => load.toFixed(1)).join(' → ')} (start, after each measure).\n`,
  );
  const baseline = builds.find((build) => build.name === 'baseline');
  const current = builds.at(-1);
  const ms = (values) => `${Math.round(median(values))} ms (${values.map((v) => Math.round(v)).join(', ')})`;
  console.log(
    `| what | ${baseline ? 'baseline | ' : ''}${current.name} |${baseline ? ' this build ÷ baseline |' : ''}`,
  );
  console.log(`|---|${baseline ? '---|' : ''}---|${baseline ? '---|' : ''}`);
  for (const measure of MEASURES) {
    const now = results.get(`${measure.name}|${current.name}`);
    const before = baseline ? results.get(`${measure.name}|baseline`) : null;
    const ratio = before ? ` ${(median(now) / Math.max(median(before), 1)).toFixed(2)} |` : '';
    console.log(`| ${measure.name} | ${before ? `${ms(before)} | ` : ''}${ms(now)} |${ratio}`);
  }
} finally {
  await browser?.close();
  await stopBuilds(builds);
}
