// Lighthouse's simulation (Lantern) counts each main-thread task by its wall time. On this machine (two
// cores shared by the browser's own threads, the API, PostgreSQL and anything else running) a task's
// wall time was 1.8–3.4× its thread CPU time in every saved run, so the same build scores 45 under load
// and 87 on a quiet machine. This module runs the same simulation again with each main-thread task
// shortened to its CPU time (the trace's `tdur`; the events inside it scaled with it): what the run
// would have scored had the page's main thread never waited for a core. It is an estimate to compare
// builds by, beside the measured score, never the target itself.
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternSpeedIndex } from 'lighthouse/core/computed/metrics/lantern-speed-index.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { getLogNormalScore } from 'lighthouse/shared/statistics.js';

/** The page's first navigation in a trace (its main frame's renderer main thread). */
export function navigationOf(trace) {
  return trace.traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args?.data?.documentLoaderURL?.startsWith('http'),
  );
}

/** A copy of the trace whose main-thread tasks last their CPU time (events inside them move with them). */
export function onCpuTime(trace) {
  const copy = structuredClone(trace);
  const navigation = navigationOf(copy);
  const main = copy.traceEvents
    .filter((event) => event.pid === navigation.pid && event.tid === navigation.tid)
    .sort((a, b) => a.ts - b.ts);
  const tasks = main.filter(
    (event) => event.name === 'RunTask' && event.ph === 'X' && event.tdur !== undefined,
  );
  let first = 0;
  for (const task of tasks) {
    const ratio = Math.min(1, task.tdur / Math.max(task.dur, 1));
    const start = task.ts;
    const end = task.ts + task.dur;
    while (first < main.length && main[first].ts < start) first++;
    for (let index = first; index < main.length && main[index].ts <= end; index++) {
      const event = main[index];
      if (event === task) continue;
      event.ts = start + (event.ts - start) * ratio;
      if (event.dur !== undefined) event.dur *= ratio;
    }
    task.dur *= ratio;
  }
  return copy;
}

// Lighthouse 12's mobile scoring curves and weights (performance category).
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  si: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
};

/** What Lighthouse's computed metrics take: a run's artifacts as the gatherer left them, and a cache. */
export function lanternInputs({ lhr, trace, devtoolsLog }) {
  const settings = lhr.configSettings;
  const data = {
    trace,
    devtoolsLog,
    gatherContext: { gatherMode: 'navigation' },
    settings,
    simulator: null,
    URL: {
      requestedUrl: lhr.requestedUrl,
      mainDocumentUrl: lhr.mainDocumentUrl,
      finalDisplayedUrl: lhr.finalDisplayedUrl,
    },
    SourceMaps: [],
  };
  return { data, context: { computedCache: new Map(), settings } };
}

/** Lantern's metrics and the performance score for one run's trace and network log. */
export async function simulate(run) {
  const { lhr } = run;
  const { data, context } = lanternInputs(run);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const si = await LanternSpeedIndex.request(data, context);
  const values = {
    fcp: fcp.timing,
    si: si.timing,
    lcp: lcp.timing,
    tbt: tbt.timing,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
  };
  let score = 0;
  for (const [metric, curve] of Object.entries(CURVES)) {
    score += curve.weight * getLogNormalScore(curve, values[metric]);
  }
  return { ...values, performance: Math.round(score * 100), fcpGraph: fcp, tbtEstimate: tbt };
}

/** The run's performance had every main-thread task taken its CPU time. */
export const cpuTimeEstimate = ({ lhr, trace, devtoolsLog }) =>
  simulate({ lhr, trace: onCpuTime(trace), devtoolsLog });
