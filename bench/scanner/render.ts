// Rendering benchmark (issue 18): pages per second with and without headless Chromium, and the peak
// memory of a scan with 4 pages rendering at once, Chromium's processes included.
// Run: npm run bench:scanner:render (needs Chromium at /usr/bin/chromium or CHROME_PATH).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSite } from '../../packages/scanner/src/index.ts';
import type { ScanOptions } from '../../packages/scanner/src/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.resolve(here, '..', 'RESULTS.md');
const PAGES = 120;
const ROUNDS = 3;
const CONCURRENCY = 8;
const RENDER_CONCURRENCY = 4;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  process.stderr.write(`No Chromium at ${chromePath}: set CHROME_PATH.\n`);
  process.exit(2);
}

async function startSite(mode: 'mesh' | 'script') {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', path.join(here, 'site-server.ts'), String(PAGES), mode],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`site server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Run {
  pagesPerSecond: number;
  pages: number;
  findings: number;
}

async function scan(site: { origin: string; host: string }, render: boolean | undefined): Promise<Run> {
  const options: ScanOptions = {
    allowHosts: [site.host],
    analyzeImages: false,
    maxPages: PAGES,
    concurrency: CONCURRENCY,
    renderConcurrency: RENDER_CONCURRENCY,
    chromePath,
    ...(render === undefined ? {} : { render }),
  };
  const started = performance.now();
  const result = await scanSite(site.origin, options);
  const seconds = (performance.now() - started) / 1000;
  if (result.warnings?.length) throw new Error(`scan warned: ${result.warnings.join('; ')}`);
  return {
    pagesPerSecond: result.pagesScanned / seconds,
    pages: result.pagesScanned,
    findings: result.violationCount,
  };
}

/** Medians over rounds that alternate the two scans, after one warm-up of each. */
async function compare(
  a: () => Promise<Run>,
  b: () => Promise<Run>,
): Promise<[Run, Run, number[], number[]]> {
  await a();
  await b();
  const as: Run[] = [];
  const bs: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      as.push(await a());
      bs.push(await b());
    } else {
      bs.push(await b());
      as.push(await a());
    }
  }
  const pick = (runs: Run[]) => {
    const m = median(runs.map((r) => r.pagesPerSecond));
    return runs.find((r) => r.pagesPerSecond === m)!;
  };
  return [pick(as), pick(bs), as.map((r) => r.pagesPerSecond), bs.map((r) => r.pagesPerSecond)];
}

const load = os.loadavg()[0]!.toFixed(1);
const mesh = await startSite('mesh');
const [plain, meshRendered, plainAll, meshRenderedAll] = await compare(
  () => scan(mesh, false),
  () => scan(mesh, true),
);
mesh.stop();

const scripted = await startSite('script');
const [scriptedUnrendered, scriptedAuto, , scriptedAutoAll] = await compare(
  () => scan(scripted, false),
  () => scan(scripted, undefined),
);

/** Resident and proportional set sizes (kB) of a process and every process below it. */
function treeMemory(root: number): { rssKb: number; pssKb: number; processes: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  let rssKb = 0;
  let pssKb = 0;
  let processes = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    pending.push(...(children.get(pid) ?? []));
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      processes++;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return { rssKb, pssKb, processes };
}

// One scan of the script-built site in its own process (4 pages rendering at once), sampled every 50 ms.
const child = spawn(
  process.execPath,
  [
    '--experimental-strip-types',
    '--no-warnings',
    path.join(here, 'rss.ts'),
    'render',
    scripted.origin,
    scripted.host,
    String(PAGES),
    chromePath,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let peak = { rssKb: 0, pssKb: 0, processes: 0 };
const sampler = setInterval(() => {
  const now = treeMemory(child.pid!);
  if (now.pssKb > peak.pssKb) peak = now;
}, 50);
let childOutput = '';
child.stdout.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
clearInterval(sampler);
scripted.stop();
if (code !== 0) throw new Error(`memory scan exited with ${code}`);
const memoryRun = JSON.parse(childOutput) as { pages: number; maxRssMb: number };

const fmt = (r: Run) => `${r.pagesPerSecond.toFixed(1)} pages/s (${r.pages} pages, ${r.findings} findings)`;
const all = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
const lines = [
  '## Scanner rendering',
  '',
  `Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, load average ${load} at the start.`,
  `Command: \`npm run bench:scanner:render\`. The ${PAGES}-page site of \`bench/scanner/site-server.ts\` on 127.0.0.1 (every`,
  'tenth page with a planted claim), served as HTML (mesh) and built in the browser by a script from data in the',
  `page (script). Debian's Chromium, ${RENDER_CONCURRENCY} pages rendering at once in one browser, ${CONCURRENCY} fetches at once, OCR off;`,
  `medians of ${ROUNDS} alternating rounds after one warm-up scan each, every scan starting its own browser.`,
  '',
  '| measure | result | baseline in the same run | ratio |',
  '|---|---|---|---|',
  `| HTML site, every page rendered (\`--render\`) | ${fmt(meshRendered)} | not rendered (\`--no-render\`): ${fmt(plain)} | **${(plain.pagesPerSecond / meshRendered.pagesPerSecond).toFixed(0)}×** the time per page |`,
  `| script-built site, rendered as needed (default) | ${fmt(scriptedAuto)} | not rendered: ${fmt(scriptedUnrendered)} | reads ${scriptedAuto.pages} pages instead of ${scriptedUnrendered.pages} |`,
  `| all rounds, pages/s | rendered HTML: ${all(meshRenderedAll)}; script-built: ${all(scriptedAutoAll)} | not rendered: ${all(plainAll)} | |`,
  `| peak memory of a script-built scan, ${RENDER_CONCURRENCY} pages rendering | **${(peak.pssKb / 1024).toFixed(0)} MB** proportional (PSS) over ${peak.processes} processes; ${(peak.rssKb / 1024).toFixed(0)} MB summed RSS (shared pages counted in each process) | the scanner process alone: ${memoryRun.maxRssMb.toFixed(0)} MB peak RSS (${memoryRun.pages} pages) | |`,
  '',
  'Without rendering the script-built site reads as its start page only (no text, no links), which is why the',
  'default renders a page whose HTML carries little text but runs scripts. Memory is sampled every 50 ms over',
  "the scan's process and all its descendants (Chromium's browser, renderer, GPU and utility processes); PSS",
  'divides shared pages among the processes that map them, so it is the figure that adds up.',
  "A rendered page costs its load plus Playwright's network-idle wait (500 ms without requests, at most 5 s),",
  'so four pages at once cannot pass about 8 pages per second whatever the machine; the renderer is for the pages',
  'that need it, which the default picks (little text, scripts present).',
  '',
];
const section = lines.join('\n');
let existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\n';
const start = existing.indexOf('## Scanner rendering');
if (start >= 0) {
  const next = existing.indexOf('\n## ', start + 1);
  existing = existing.slice(0, start) + (next >= 0 ? existing.slice(next + 1) : '');
}
writeFileSync(resultsFile, `${existing.trimEnd()}\n\n${section}`);
process.stdout.write(`${section}\n`);
