// What Lighthouse's simulation made of one saved run: `node bench/web/lantern.mjs <folder>/<run>` reads
// the report, trace and network log that `BENCH_WEB_SAVE=<folder>` keeps (<run>.json, <run>.trace.json,
// <run>.devtoolslog.json) and prints the simulated first paint, largest paint, time to interactive and
// blocking time with their optimistic and pessimistic estimates, the requests the first paint's graph
// waits on, and the tasks that count as blocking (with their observed start and length; L: a layout).
// `--cpu` after the run simulates it with every main-thread task at its CPU time (bench/web/cpu-time.mjs).
import { readFileSync } from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { lanternInputs, navigationOf, onCpuTime } from './cpu-time.mjs';

const run = process.argv[2];
if (!run) throw new Error('usage: node bench/web/lantern.mjs <folder>/<run> (without .json)');
const read = (suffix) => JSON.parse(readFileSync(`${run}${suffix}`, 'utf8'));
const lhr = read('.json');
const saved = read('.trace.json');
const trace = process.argv.includes('--cpu') ? onCpuTime(saved) : saved;
const { data, context } = lanternInputs({ lhr, trace, devtoolsLog: read('.devtoolslog.json') });
const fcp = await LanternFirstContentfulPaint.request(data, context);
const lcp = await LanternLargestContentfulPaint.request(data, context);
const tti = await LanternInteractive.request(data, context);
const tbt = await LanternTotalBlockingTime.request(data, context);

const ms = (value) => `${Math.round(value)}`;
const estimates = (metric) =>
  `${ms(metric.timing)} (optimistic ${ms(metric.optimisticEstimate.timeInMs)}, pessimistic ${ms(metric.pessimisticEstimate.timeInMs)})`;
console.log(`first paint ${estimates(fcp)}`);
console.log(`largest paint ${estimates(lcp)}`);
console.log(`interactive ${ms(tti.timing)}`);
console.log(`blocking ${estimates(tbt)}`);

const pathOf = (url) => url.replace(/^https?:\/\/[^/]+/, '');
const nodes = [];
fcp.pessimisticGraph.traverse((node) => nodes.push(node));
const requests = nodes.filter((node) => node.type === 'network').map((node) => pathOf(node.request.url));
console.log(`the first paint waits on ${requests.length} requests: ${requests.join(' ')}`);

const navigation = navigationOf(trace);
const tasks = [];
for (const [node, timing] of tbt.pessimisticEstimate.nodeTimings.entries()) {
  if (node.type !== 'cpu' || timing.duration < 50) continue;
  const observed = (node.startTime - navigation.ts) / 1000;
  const layout = node.didPerformLayout() ? ' L' : '';
  tasks.push(
    `${ms(timing.startTime)}–${ms(timing.endTime)} (observed at ${ms(observed)}, ${(node.duration / 1000).toFixed(1)} ms${layout})`,
  );
}
console.log(`simulated tasks of 50 ms or more:\n  ${tasks.join('\n  ')}`);
