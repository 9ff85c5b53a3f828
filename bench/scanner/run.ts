// Scanner benchmark (issue 5): a generated 400-page site on loopback scanned with OCR off, against a
// bare fetch + regex crawler with the same concurrency in the same run, and the scanner's peak RSS on
// a 1,000-page site. Run: npx node --experimental-strip-types bench/scanner/run.ts
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSite } from '../../packages/scanner/src/index.ts';
import { bareCrawl } from './bare-crawler.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.resolve(here, '..', 'RESULTS.md');
const PAGES = 400;
const RSS_PAGES = 1000;
const CONCURRENCY = 8;
const ROUNDS = 21;
// Rounds right after start-up ran 2–3× slower for both crawlers (JIT tiers, heap sizing) until about the
// seventh crawl; three warm-up crawls left that in the medians.
const WARM_UP = 8;

// The crawlers (this process) keep to CPU 0 and the site server to CPU 1, so both crawlers meet the
// same placement in every round instead of wherever the scheduler happens to put them.
const PINNED =
  os.cpus().length >= 2 && spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]).status === 0;

async function startSite(pages: number, mode: 'mesh' | 'chain' = 'mesh') {
  const serverArgs = [
    '--experimental-strip-types',
    '--no-warnings',
    path.join(here, 'site-server.ts'),
    String(pages),
    mode,
  ];
  const child = spawn(
    PINNED ? 'taskset' : process.execPath,
    PINNED ? ['-c', '1', process.execPath, ...serverArgs] : serverArgs,
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`site server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall time, and this process's CPU time, which the server process's load on the other core does not skew. */
async function time<T>(fn: () => Promise<T>): Promise<[number, T, number]> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return [performance.now() - started, value, (used.user + used.system) / 1000];
}

const site = await startSite(PAGES);
const scanner = () =>
  scanSite(site.origin, {
    allowHosts: [site.host],
    analyzeImages: false,
    maxPages: PAGES,
    concurrency: CONCURRENCY,
  });
const bare = () => bareCrawl(site.origin, PAGES, CONCURRENCY);

// Warm-up: JIT and heap sizing of both processes take a few crawls to settle.
for (let i = 0; i < WARM_UP; i++) {
  await scanner();
  await bare();
}
const scannerTimes: number[] = [];
const bareTimes: number[] = [];
const scannerCpu: number[] = [];
const bareCpu: number[] = [];
let scannerPages = 0;
let bareResult = { pages: 0, hits: 0 };
let findings = 0;
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order so neither crawler always runs on a warmer machine.
  const order = round % 2 === 0 ? ['scanner', 'bare'] : ['bare', 'scanner'];
  for (const which of order) {
    if (which === 'scanner') {
      const [ms, result, cpu] = await time(scanner);
      scannerTimes.push(ms);
      scannerCpu.push(cpu);
      scannerPages = result.pagesScanned;
      findings = result.violationCount;
    } else {
      const [ms, result, cpu] = await time(bare);
      bareTimes.push(ms);
      bareCpu.push(cpu);
      bareResult = result;
    }
  }
}
site.stop();

// The deep chain: pagination where page n links only to n + 1, so the last page is 399 hops deep and
// each page is found only once the one before it is read (both crawlers go one page at a time).
const CHAIN_ROUNDS = 9;
const chainSite = await startSite(PAGES, 'chain');
const chainScanner = () =>
  scanSite(chainSite.origin, {
    allowHosts: [chainSite.host],
    analyzeImages: false,
    maxPages: 500,
    concurrency: CONCURRENCY,
  });
const chainBare = () => bareCrawl(chainSite.origin, 500, CONCURRENCY);
for (let i = 0; i < 3; i++) {
  await chainScanner();
  await chainBare();
}
const chainScannerTimes: number[] = [];
const chainBareTimes: number[] = [];
const chainScannerCpu: number[] = [];
const chainBareCpu: number[] = [];
let chainPages = 0;
let chainBarePages = 0;
for (let round = 0; round < CHAIN_ROUNDS; round++) {
  const order = round % 2 === 0 ? ['scanner', 'bare'] : ['bare', 'scanner'];
  for (const which of order) {
    if (which === 'scanner') {
      const [ms, result, cpu] = await time(chainScanner);
      chainScannerTimes.push(ms);
      chainScannerCpu.push(cpu);
      chainPages = result.pagesScanned;
    } else {
      const [ms, result, cpu] = await time(chainBare);
      chainBareTimes.push(ms);
      chainBareCpu.push(cpu);
      chainBarePages = result.pages;
    }
  }
}
chainSite.stop();
const chainRatio = median(chainScannerTimes) / median(chainBareTimes);

const big = await startSite(RSS_PAGES);
const rssOf = (mode: string) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--experimental-strip-types',
        '--no-warnings',
        path.join(here, 'rss.ts'),
        mode,
        big.origin,
        big.host,
        String(RSS_PAGES),
      ],
      {
        encoding: 'utf8',
      },
    ),
  ) as { pages: number; maxRssMb: number };
const scannerRss = rssOf('scanner');
const bareRss = rssOf('bare');
big.stop();

const scannerMs = median(scannerTimes);
const bareMs = median(bareTimes);
const ratio = scannerMs / bareMs;
// Rounds run the two crawlers back to back, so a ratio per round cancels load that drifts between rounds.
const pairedRatio = median(scannerTimes.map((t, i) => t / bareTimes[i]!));
const lines = [
  '## Scanner',
  '',
  `Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}).`,
  `Command: \`npx node --experimental-strip-types bench/scanner/run.ts\`. The site is generated by \`bench/scanner/site-server.ts\``,
  'in its own process on 127.0.0.1: ~15 KB pages with 15 links, 60 sentences, an image and the FDA disclaimer; every',
  `tenth page carries a planted claim. OCR off, concurrency ${CONCURRENCY} for both crawlers, medians of ${ROUNDS} alternating rounds after ${WARM_UP} warm-up crawls each.`,
  '',
  '| measure | scanner (`scanSite`) | bare fetch + regex crawler | target |',
  '|---|---|---|---|',
  `| ${PAGES}-page crawl, median | ${scannerMs.toFixed(0)} ms (${scannerPages} pages, ${findings} findings) | ${bareMs.toFixed(0)} ms (${bareResult.pages} pages) | |`,
  `| time ratio scanner / bare | **${ratio.toFixed(2)}×** | 1.00× | ≤ 1.25× ${ratio <= 1.25 ? '(met)' : '(missed)'} |`,
  `| CPU time of the crawler process, median | ${median(scannerCpu).toFixed(0)} ms | ${median(bareCpu).toFixed(0)} ms | |`,
  `| CPU ratio scanner / bare | ${(median(scannerCpu) / median(bareCpu)).toFixed(2)}× | 1.00× | |`,
  `| paired time ratio (each round's scanner ÷ bare run beside it), median | ${pairedRatio.toFixed(2)}× | 1.00× | (for the noise) |`,
  `| all rounds, ms | ${scannerTimes.map((t) => t.toFixed(0)).join(', ')} | ${bareTimes.map((t) => t.toFixed(0)).join(', ')} | |`,
  `| ${PAGES}-page deep chain (pagination, last page ${PAGES - 1} hops deep), median of ${CHAIN_ROUNDS} | ${median(chainScannerTimes).toFixed(0)} ms (${chainPages} pages) | ${median(chainBareTimes).toFixed(0)} ms (${chainBarePages} pages) | |`,
  `| deep chain time ratio scanner / bare | **${chainRatio.toFixed(2)}×** | 1.00× | ≤ 1.25× ${chainRatio <= 1.25 ? '(met)' : '(missed)'} |`,
  `| deep chain CPU ratio scanner / bare | ${(median(chainScannerCpu) / median(chainBareCpu)).toFixed(2)}× | 1.00× | |`,
  `| deep chain, all rounds, ms | ${chainScannerTimes.map((t) => t.toFixed(0)).join(', ')} | ${chainBareTimes.map((t) => t.toFixed(0)).join(', ')} | |`,
  `| peak RSS, ${RSS_PAGES}-page crawl (own process) | **${scannerRss.maxRssMb.toFixed(0)} MB** (${scannerRss.pages} pages) | ${bareRss.maxRssMb.toFixed(0)} MB (${bareRss.pages} pages) | ≤ 300 MB ${scannerRss.maxRssMb <= 300 ? '(met)' : '(missed)'} |`,
  '',
  'The bare crawler only finds links and counts words; the scanner also parses each page (one streaming',
  'htmlparser2 pass), reads robots.txt and the sitemap, splits sentences, runs the dictionary automaton and',
  'checks every connection through the SSRF guard. The machine is shared: other jobs ran beside the benchmark',
  '(load average 4–11 on 2 cores), so single runs vary; compare the ratios of one run, and the CPU ratio, which',
  'the load moves least.',
  '',
  'Profiling history (same benchmark): cheerio DOM + one selector query per feature + modern-ahocorasick: 2.35×;',
  'streaming htmlparser2 pass instead of the DOM: ~1.6–1.8× (noisy); compiled DFA automaton, block cache and',
  'whitespace fast paths: 1.2–2.0× in time and 1.3–2.1× in CPU across runs on a loaded machine. Then, measured with',
  '`bench/scanner/quick.ts` (same crawls, no RESULTS.md) and `--cpu-prof`:',
  '',
  "- a page's blocks folded and searched in one automaton pass, sentences split only in blocks whose hits can",
  '  make a finding (most have none, or only benign contexts such as "water treatment"), and a faster automaton',
  '  loop: extraction plus analysis of the 400 pages, in process, from 70–100 ms to ~50 ms (a regex over the raw',
  '  HTML: 6–10 ms);',
  '- htmlparser2 with `decodeEntities` off, so its tokenizer skips through text to the next tag instead of',
  '  stepping through it, and character references decoded with the same `entities` decoder only in text and',
  '  attributes that hold an "&"; link resolution cached; each link checked once per scan: ~40 ms;',
  '- per request, one timer instead of `AbortSignal.timeout` + `AbortSignal.any`, body read from events instead',
  '  of an async iterator, UTF-8 decoded natively: 400 guarded requests from 30–41 ms of CPU to 23–40 ms (a bare',
  '  `undici.request` loop: 12–23 ms; `fetch`: 43–54 ms);',
  "- keep-alive connections shared by the scans of one process (the bare crawler's `fetch` keeps its global pool",
  '  between rounds; the scanner opened 8 new connections per crawl, 2.4% of its profile); robots.txt asked for',
  '  alongside the start page, one round trip less before the first link (not measurable here; real sites gain it).',
  '',
  'After these, seven earlier full runs of this benchmark gave 0.99, 1.06, 1.09, 1.11, 1.19, 1.20 and 1.32× in time',
  'and 0.96–1.37× in CPU: the target is met in most runs, not all; the table above is the latest run. Quick runs (31',
  'rounds) spread from 0.97 to 1.36× in time and 1.02 to 1.30× in CPU, widest when other jobs loaded the machine.',
  'What remains is the HTML parse itself (htmlparser2 tokenizer and parser callbacks, about half of the remaining',
  'extra CPU), the automaton pass over every page and the sentence analysis of the blocks with claim words; socket',
  'writes and GC are common to both.',
  'Placement: unpinned, the site server and the crawler sometimes shared a core, and runs on the idle machine',
  'spread from 1.11 to 1.43×. Since the crawlers keep to CPU 0 and the site server to CPU 1 (both crawlers alike),',
  'four consecutive runs gave 1.18, 1.17, 1.10 and 1.21× in time and 1.02–1.11× in CPU.',
  'Not tried: moving parsing to a worker thread. On 2 cores, with the site server in its own process and other jobs',
  'on the machine, the crawler process already has one core at most, and each page would cross threads twice.',
  '',
];
const section = lines.join('\n');
let existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\n';
const start = existing.indexOf('## Scanner');
if (start >= 0) {
  const next = existing.indexOf('\n## ', start + 1);
  existing = existing.slice(0, start) + (next >= 0 ? existing.slice(next + 1) : '');
}
writeFileSync(resultsFile, `${existing.trimEnd()}\n\n${section}`);
process.stdout.write(`${section}\n`);
