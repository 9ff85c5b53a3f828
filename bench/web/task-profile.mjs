// What the main thread's long tasks of one page load are made of: `node bench/web/task-profile.mjs <path>
// [<demo owner password>] [<min ms>]` loads the page of a running server (BASE, default
// http://localhost:4250; signed in as the demo owner when a password is given) at Lighthouse's phone size,
// traces it with V8's sampling profiler, and prints every main-thread task of at least <min> ms (15 by
// default) with its wall and CPU time and the functions its samples fell in (self and inclusive).
// Build with `vite build --minify false` for the functions' names. The trace is kept in /tmp/taskprof.json.
import { writeFileSync } from 'node:fs';
import { launchChromium, PERSIST_KEY, persistedSession, PHONE_VIEWPORT } from './builds.mjs';
const base = process.env.BASE ?? 'http://localhost:4250';
const [, , page = '/webcrawler', password, min = '15'] = process.argv;
const root = password ? await persistedSession(base, 'owner@greenvalley.example', password) : null;
const browser = await launchChromium();
const tab = await browser.newPage();
await tab.setViewport(PHONE_VIEWPORT);
if (root)
  await tab.evaluateOnNewDocument(
    (k, v) => {
      if (!localStorage.getItem(k)) localStorage.setItem(k, v);
    },
    PERSIST_KEY,
    root,
  );
await tab.tracing.start({
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8.execute',
    'disabled-by-default-v8.cpu_profiler',
    'blink.user_timing',
    'loading',
    'toplevel',
  ],
});
await tab.goto(base + page, { waitUntil: 'load' });
await new Promise((r) => setTimeout(r, 4000));
const buf = await tab.tracing.stop();
await browser.close();
const ev = JSON.parse(Buffer.from(buf).toString('utf8')).traceEvents;
writeFileSync('/tmp/taskprof.json', buf);
const nav = ev.find(
  (e) =>
    e.name === 'navigationStart' &&
    e.args?.data?.isLoadingMainFrame &&
    e.args?.data?.documentLoaderURL?.startsWith('http'),
);
const main = ev
  .filter(
    (e) =>
      e.pid === nav.pid &&
      e.tid === nav.tid &&
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      e.dur >= Number(min) * 1000,
  )
  .sort((a, b) => a.ts - b.ts);
const nodes = new Map();
const samples = [];
const deltas = [];
let start = null;
for (const e of ev) {
  if (e.pid !== nav.pid) continue;
  if (e.name === 'Profile') start = e.args.data.startTime;
  if (e.name === 'ProfileChunk') {
    const d = e.args.data;
    for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    samples.push(...(d.cpuProfile?.samples ?? []));
    deltas.push(...(d.timeDeltas ?? []));
  }
}
const times = [];
let ts = start;
for (let i = 0; i < samples.length; i++) {
  ts += deltas[i];
  times.push(ts);
}
const name = (n) => {
  const cf = n.callFrame;
  return `${(cf.url || '').split('/').pop() || ''} ${cf.functionName || '(anon)'}:${cf.columnNumber}`;
};
for (const task of main) {
  const self = {},
    incl = {};
  let count = 0;
  for (let i = 0; i < samples.length; i++) {
    if (times[i] < task.ts || times[i] > task.ts + task.dur) continue;
    count++;
    let n = nodes.get(samples[i]);
    if (!n) continue;
    self[name(n)] = (self[name(n)] ?? 0) + 1;
    const seen = new Set();
    while (n) {
      const k = name(n);
      if (!seen.has(k)) {
        incl[k] = (incl[k] ?? 0) + 1;
        seen.add(k);
      }
      n = n.parent ? nodes.get(n.parent) : null;
    }
  }
  console.log(
    `\n## task at ${((task.ts - nav.ts) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms wall, ${((task.tdur ?? 0) / 1000).toFixed(1)} cpu, ${count} samples`,
  );
  const top = (o, n) =>
    Object.entries(o)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `   ${String(v).padStart(4)} ${k}`)
      .join('\n');
  console.log(' self:\n' + top(self, 8));
  console.log(' inclusive:\n' + top(incl, 18));
}
