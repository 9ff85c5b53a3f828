// Webcrawler benchmark (issue 17): 20 queued scans of a generated 100-page site through the built
// server (WORKERS=0, enqueue only) with one `worker.js` process, then with two; the time from
// `scanUrl` to a readable result (the scan history lists it) per scan, its median and p95, and the
// makespan of the 20. Each scan's own running time in the app is compared with the CLI
// (`trustleaf-scan`) scanning the same site in the same run. Run: `npm run bench:webcrawler`
// (builds the scanner and the API first).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const resultsFile = path.resolve(here, '..', 'RESULTS.md');
const PAGES = 100;
const SCANS = 20;
const CLI_RUNS = 5;
const PORT = Number(process.env.BENCH_PORT ?? 3250);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54450);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_EMAIL = 'bench-admin@trustleaf.local';
const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd!';

interface Running {
  child: ChildProcess;
  output: () => string;
}

function start(command: string, args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function stop(running: Running) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${BASE}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text}`);
  return (JSON.parse(text) as { detail: T }).detail;
}

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// The site: 100 pages, each linking 15 others, on 2 × 20 ports so that every scan is of its own
// website (one running scan per company and website; scans of one website would queue behind each other).
const site = start(process.execPath, [
  '--experimental-strip-types',
  '--no-warnings',
  path.join(root, 'bench/scanner/site-server.ts'),
  String(PAGES),
  'mesh',
  String(2 * SCANS),
]);
await until('the site', () => site.output().includes('\n'), 30_000);
const hosts = site
  .output()
  .trim()
  .split(' ')
  .map((port) => `127.0.0.1:${port}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trustleaf-bench-webcrawler-'));
// Run as root, embedded PostgreSQL drops to its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
const env = {
  PORT: String(PORT),
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(PG_PORT),
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SCANNER_ALLOWED_HOSTS: hosts.join(','),
  SCAN_MAX_PAGES: String(PAGES),
  // The scan itself against the CLI's: page snapshots are taken after the result is stored, one
  // Chromium launch a page, and the CLI takes none by default.
  SCAN_SNAPSHOT_PAGES: '0',
  LOG_LEVEL: 'info',
};
const api = start(process.execPath, ['apps/api/dist/server.js'], { ...env, WORKERS: '0', LOG_LEVEL: 'warn' });
const loads: number[] = [];
/** Every worker started, so that a failed run stops them too. */
const allWorkers: Running[] = [];

async function cliScan(host: string): Promise<number> {
  const out = path.join(dataDir, 'cli.json');
  const started = performance.now();
  const cli = start(process.execPath, [
    'packages/scanner/bin/trustleaf-scan.cjs',
    `http://${host}/`,
    '--json',
    out,
    '--max-pages',
    String(PAGES),
    '--no-images',
    '--allow-host',
    host,
  ]);
  const code = await new Promise((resolve) => cli.child.once('exit', resolve));
  const elapsed = performance.now() - started;
  if (code !== 0) throw new Error(`trustleaf-scan exited with ${String(code)}: ${cli.output()}`);
  return elapsed;
}

try {
  await until('the API', () =>
    fetch(`${BASE}/api/health`).then(
      (response) => response.ok,
      () => {
        if (api.child.exitCode !== null) throw new Error(`server exited: ${api.output()}`);
        return false;
      },
    ),
  );
  const { accessToken: token } = await call<{ accessToken: string }>('/api/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const owner = /owner@greenvalley\.example\s+Company Owner\s+.+?\s{2}password (\S+)/.exec(api.output());
  const { accessToken: ownerToken } = await call<{ accessToken: string }>('/api/auth/login', {
    email: 'owner@greenvalley.example',
    password: owner![1],
  });
  const { currentCompany } = await call<{ currentCompany: { plCompanyId: number } }>(
    '/api/user/getMyProfile',
    {},
    ownerToken,
  );
  const plCompanyId = currentCompany.plCompanyId;

  interface Job {
    status: string;
    plViolationCheckId: number | null;
    startedAt: string | null;
    finishedAt: string | null;
  }

  async function round(workerCount: number, roundHosts: string[]) {
    const workers = Array.from({ length: workerCount }, () =>
      start(process.execPath, ['apps/api/dist/worker.js'], env),
    );
    allWorkers.push(...workers);
    for (const worker of workers) {
      await until('a worker', () => {
        if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.output()}`);
        return worker.output().includes('worker started');
      });
    }
    const scans = [];
    for (const host of roundHosts) {
      const requested = performance.now();
      const { jobId } = await call<{ jobId: string }>(
        '/api/webcrawler/scanUrl',
        { plCompanyId, url: `http://${host}/`, analyzeImage: false },
        token,
      );
      scans.push({ jobId, requested, readable: 0, runMs: 0, findings: 0 });
    }
    const first = scans[0]!.requested;
    while (scans.some((scan) => scan.readable === 0)) {
      await sleep(100);
      for (const scan of scans.filter((s) => s.readable === 0)) {
        const job = await call<Job>('/api/webcrawler/getScanUrlJob', { jobId: scan.jobId }, token);
        if (job.status === 'processing') continue;
        if (job.status !== 'completed') throw new Error(`scan ${scan.jobId} ${job.status}`);
        // The demo company's plan shows counts, not issue details: the history listing is the result.
        const { violationChecks } = await call<{
          violationChecks: { plViolationCheckId: number; totalFindings: number }[];
        }>('/api/webcrawler/violationCheckListing', { plCompanyId }, token);
        const check = violationChecks.find((c) => c.plViolationCheckId === job.plViolationCheckId);
        if (!check) throw new Error(`scan ${scan.jobId}: no result listed`);
        scan.readable = performance.now();
        scan.findings = check.totalFindings;
        scan.runMs = Date.parse(job.finishedAt!) - Date.parse(job.startedAt!);
      }
    }
    loads.push(os.loadavg()[0]!);
    await Promise.all(workers.map(stop));
    const latencies = scans.map((scan) => scan.readable - scan.requested);
    return {
      workers: workerCount,
      median: median(latencies),
      p95: quantile(latencies, 0.95),
      makespan: Math.max(...scans.map((scan) => scan.readable)) - first,
      runMedian: median(scans.map((scan) => scan.runMs)),
      findings: median(scans.map((scan) => scan.findings)),
    };
  }

  loads.push(os.loadavg()[0]!);
  const cliBefore: number[] = [];
  for (let i = 0; i < CLI_RUNS; i++) cliBefore.push(await cliScan(hosts[i]!));
  const one = await round(1, hosts.slice(0, SCANS));
  const two = await round(2, hosts.slice(SCANS));
  const cliAfter: number[] = [];
  for (let i = 0; i < CLI_RUNS; i++) cliAfter.push(await cliScan(hosts[SCANS + i]!));
  loads.push(os.loadavg()[0]!);
  const cli = median([...cliBefore, ...cliAfter]);
  const speedup = one.makespan / two.makespan;
  const inApp = one.runMedian / cli;

  const row = (r: typeof one) =>
    `| ${r.workers} | ${seconds(r.median)} | ${seconds(r.p95)} | ${seconds(r.makespan)} | ${seconds(r.runMedian)} | ${r.findings} |`;
  const section = [
    '## Webcrawler',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}); load average (1 min) ${loads.map((l) => l.toFixed(1)).join(' → ')} (start, after each round, end): other work shared the cores.`,
    'Command: `npm run bench:webcrawler` (builds the scanner and the API, then runs `bench/webcrawler/run.ts`).',
    `The built server (\`WORKERS=0\`, enqueue only) and \`apps/api/dist/worker.js\` processes on the embedded PostgreSQL 18; ${SCANS} scans (images off) of the`,
    `generated ${PAGES}-page site of \`bench/scanner/site-server.ts\` on 127.0.0.1 (allowed by \`SCANNER_ALLOWED_HOSTS\`), each on its own port so that no`,
    'scan waits for another of the same website; all 20 requested at once, then polled every 100 ms. Latency: from sending `scanUrl` to',
    'the scan history (`violationCheckListing`) listing its result (the demo plan shows counts, not issue details). Run: the scan job’s own time, `startedAt` to `finishedAt`.',
    '',
    '| workers | latency median | latency p95 | makespan (20 scans) | run median | findings |',
    '| --- | --- | --- | --- | --- | --- |',
    row(one),
    row(two),
    '',
    `- Throughput, two workers against one (makespan ratio): **${speedup.toFixed(2)}×** (target ≥ 1.8×).`,
    `- One scan in the app (run median with one worker, ${seconds(one.runMedian)}) against \`trustleaf-scan\` on the same site`,
    `  (median of ${2 * CLI_RUNS} runs before and after the rounds, ${seconds(cli)}, process start included): **${inApp.toFixed(2)}×** (target ≤ 1.2×).`,
    '',
  ].join('\n');

  let existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\n';
  const at = existing.indexOf('## Webcrawler');
  if (at >= 0) {
    const next = existing.indexOf('\n## ', at + 1);
    existing = existing.slice(0, at) + (next >= 0 ? existing.slice(next + 1) : '');
  }
  writeFileSync(resultsFile, `${existing.trimEnd()}\n\n${section}`);
  process.stdout.write(`${section}\n`);
} finally {
  await Promise.all(allWorkers.map(stop));
  await stop(api);
  site.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
