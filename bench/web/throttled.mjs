// What a person on a phone sees: the observed first paint and the moment the app takes the page over
// (the first element React rendered into it), in Chromium at 412 px with CDP's network throttled to a
// 150 ms round trip, 1.6 Mbps down and 750 kbps up, and the CPU slowed ×4 (Lighthouse's mobile figures,
// applied to the browser itself rather than simulated). Both builds are served side by side when
// BENCH_WEB_BASELINE=1 (see run.mjs) and alternated load by load; each load gets a fresh browser context.
// `npm run bench:web:throttled` (BENCH_WEB_PAGES=/auth/sign-in,/dashboard/main, BENCH_WEB_LOADS=5).
import {
  DEMO_OWNER,
  launchChromium,
  median,
  PERSIST_KEY,
  persistedSession,
  PHONE_VIEWPORT,
  startBuilds,
  stopBuilds,
} from './builds.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4240);
const PAGES = (process.env.BENCH_WEB_PAGES ?? '/auth/sign-in,/dashboard/main').split(',');
const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 5);
const SIGNED_OUT = ['/auth/'];

async function load(browser, build, path) {
  const signedIn = !SIGNED_OUT.some((prefix) => path.startsWith(prefix));
  const root = signedIn ? await persistedSession(build.base, DEMO_OWNER, build.ownerPassword) : null;
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport(PHONE_VIEWPORT);
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.evaluateOnNewDocument(
      (key, value) => {
        if (value && !globalThis.localStorage.getItem(key)) globalThis.localStorage.setItem(key, value);
        const watch = () => {
          const first = globalThis.document.getElementById('root')?.firstElementChild;
          if (first && Object.keys(first).some((name) => name.startsWith('__reactFiber'))) {
            globalThis.__takenOver = performance.now();
          } else globalThis.requestAnimationFrame(watch);
        };
        globalThis.requestAnimationFrame(watch);
      },
      PERSIST_KEY,
      root,
    );
    await tab.goto(`${build.base}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await tab.waitForFunction(() => globalThis.__takenOver, { timeout: 60_000 });
    return await tab.evaluate(() => ({
      firstPaint: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN),
      takenOver: Math.round(globalThis.__takenOver),
    }));
  } finally {
    await context.close();
  }
}

const builds = [];
let browser;
try {
  await startBuilds({ port: PORT, pgPort: PORT + 9 }, builds);
  browser = await launchChromium();
  console.log(
    '| page | build | first paint, median | taken over, median | loads (first paint / taken over, ms) |',
  );
  console.log('|---|---|---|---|---|');
  for (const path of PAGES) {
    const results = new Map(builds.map((build) => [build.name, []]));
    for (let i = 0; i < LOADS; i++) {
      for (const build of i % 2 === 0 ? builds : [...builds].reverse()) {
        results.get(build.name).push(await load(browser, build, path));
      }
    }
    for (const [name, list] of results) {
      console.log(
        `| ${path} | ${name} | ${median(list.map((r) => r.firstPaint))} ms | ` +
          `${median(list.map((r) => r.takenOver))} ms | ${list.map((r) => `${r.firstPaint}/${r.takenOver}`).join(', ')} |`,
      );
    }
  }
} finally {
  await browser?.close();
  await stopBuilds(builds);
}
