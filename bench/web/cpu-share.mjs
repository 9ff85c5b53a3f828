// Who uses the machine while a page loads: each process group's share of the CPU (sampled every 100 ms
// from /proc/<pid>/stat) from navigation until the network is idle, and how long the page's main thread
// ran and how long it waited for a core (its /proc/<pid>/task/<pid>/schedstat). Chromium as Lighthouse
// drives it (412 px, no throttling; Lighthouse simulates the phone afterwards from the trace), without
// Lighthouse itself. Linux only. `npm run bench:web:cpu-share` (BENCH_WEB_PAGES=/dashboard/main,
// BENCH_WEB_LOADS=3). Run it with nothing else running: every process on the machine is counted.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import {
  DEMO_OWNER,
  launchChromium,
  PERSIST_KEY,
  persistedSession,
  PHONE_VIEWPORT,
  startBuilds,
  stopBuilds,
} from './builds.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4240);
const PAGES = (process.env.BENCH_WEB_PAGES ?? '/dashboard/main').split(',');
const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 3);
const TICK_MS = 1000 / 100; // USER_HZ

const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The group a process is counted in, by its command line. */
function groupOf(pid, serverPids) {
  if (serverPids.has(pid)) return 'the app’s server';
  const command = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ');
  if (command.includes('postgres')) return 'PostgreSQL';
  const type = /--type=([a-z-]+)/.exec(command)?.[1];
  if (type === 'renderer') return 'Chromium: renderers';
  if (type === 'gpu-process') return 'Chromium: GPU process';
  if (type === 'utility') return 'Chromium: network and storage';
  if (command.includes('chromium')) return 'Chromium: browser process';
  if (pid === String(process.pid)) return 'this bench';
  return 'other';
}

/** CPU ticks per process (user and system), now. */
function ticksNow() {
  const ticks = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(pid, Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

/** Samples every process's CPU until `stop()`; returns the ticks per group. */
function sampleCpu(serverPids) {
  const totals = new Map();
  const groups = new Map();
  let last = ticksNow();
  const timer = setInterval(() => {
    const now = ticksNow();
    for (const [pid, value] of now) {
      const before = last.get(pid);
      if (before === undefined || value === before) continue;
      if (!groups.has(pid)) groups.set(pid, groupOf(pid, serverPids));
      const group = groups.get(pid);
      totals.set(group, (totals.get(group) ?? 0) + value - before);
    }
    last = now;
  }, 100);
  return () => {
    clearInterval(timer);
    return totals;
  };
}

/** The main thread's time running and waiting for a core (ns), from the scheduler's statistics. */
const schedstat = (pid) => (read(`/proc/${pid}/task/${pid}/schedstat`) ?? '0 0').split(' ').map(Number);

const renderers = () =>
  new Set(
    readdirSync('/proc').filter((pid) => (read(`/proc/${pid}/cmdline`) ?? '').includes('--type=renderer')),
  );

async function load(browser, build, path, serverPids) {
  const signedIn = !path.startsWith('/auth/');
  const root = signedIn ? await persistedSession(build.base, DEMO_OWNER, build.ownerPassword) : null;
  const context = await browser.createBrowserContext();
  try {
    const before = renderers();
    const tab = await context.newPage();
    await tab.setViewport(PHONE_VIEWPORT);
    await tab.evaluateOnNewDocument(
      (key, value) => {
        if (value && !globalThis.localStorage.getItem(key)) globalThis.localStorage.setItem(key, value);
      },
      PERSIST_KEY,
      root,
    );
    await tab.goto('about:blank');
    const renderer = [...renderers()].find((pid) => !before.has(pid));
    const started = performance.now();
    const [ranBefore, waitedBefore] = renderer ? schedstat(renderer) : [0, 0];
    const stop = sampleCpu(serverPids);
    await tab.goto(`${build.base}${path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
    const totals = stop();
    const [ran, waited] = renderer ? schedstat(renderer) : [0, 0];
    return {
      wallMs: performance.now() - started,
      totals,
      mainRanMs: (ran - ranBefore) / 1e6,
      mainWaitedMs: (waited - waitedBefore) / 1e6,
    };
  } finally {
    await context.close();
  }
}

const builds = [];
let browser;
try {
  await startBuilds({ port: PORT, pgPort: PORT + 9 }, builds);
  const build = builds[0];
  const serverPids = new Set([String(build.server.child.pid)]);
  browser = await launchChromium();
  for (const path of PAGES) {
    const results = [];
    for (let n = 0; n < LOADS; n++) results.push(await load(browser, build, path, serverPids));
    const wall = results.reduce((sum, r) => sum + r.wallMs, 0);
    const groups = new Map();
    for (const r of results)
      for (const [group, ticks] of r.totals) groups.set(group, (groups.get(group) ?? 0) + ticks);
    const used = [...groups.values()].reduce((sum, ticks) => sum + ticks, 0) * TICK_MS;
    console.log(`\n${path}: ${LOADS} loads, ${Math.round(wall / LOADS)} ms each to network idle`);
    console.log(
      `the ${availableParallelism()} cores ${((used / (availableParallelism() * wall)) * 100).toFixed(0)} % busy; of what was used:`,
    );
    for (const [group, ticks] of [...groups].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${group.padEnd(32)} ${(((ticks * TICK_MS) / used) * 100).toFixed(0).padStart(3)} %`);
    }
    const ran = results.reduce((sum, r) => sum + r.mainRanMs, 0) / LOADS;
    const waited = results.reduce((sum, r) => sum + r.mainWaitedMs, 0) / LOADS;
    console.log(
      `the page's main thread: ${ran.toFixed(0)} ms running, ${waited.toFixed(0)} ms waiting for a core`,
    );
  }
} finally {
  await browser?.close();
  await stopBuilds(builds);
}
