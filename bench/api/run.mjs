// API throughput against a bare node:http baseline measured in the same run; writes bench/RESULTS.md.
// Usage: npm run build -w apps/api && npm run bench:api
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

function start(args, env, ready) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(ready)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

const bareSource = `
const http = require('node:http');
const body = JSON.stringify({ detail: { status: 'ok', database: 'up' } });
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); res.end(body); })
  .listen(3391, '127.0.0.1', () => console.log('bare ready'));`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-bench-'));
const admin = { email: 'bench@trustleaf.test', password: 'Bench-password-123!' };
const bare = await start(['-e', bareSource], {}, 'bare ready');
const api = await start(
  ['apps/api/dist/server.js'],
  {
    PORT: '3390',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '54390',
    WORKERS: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  'Account created',
);

try {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const login = await fetch('http://127.0.0.1:3390/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { detail } = await login.json();

  // Warm-up, then the measured runs, alternating so drift hits both sides alike.
  await run({ url: 'http://127.0.0.1:3391/', duration: 2 });
  await run({ url: 'http://127.0.0.1:3390/api/health', duration: 2 });
  const bareResult = await run({ url: 'http://127.0.0.1:3391/' });
  const healthResult = await run({ url: 'http://127.0.0.1:3390/api/health' });
  const profileResult = await run({
    url: 'http://127.0.0.1:3390/api/user/getMyProfile',
    method: 'POST',
    headers: { authorization: `Bearer ${detail.accessToken}`, 'content-type': 'application/json' },
    body: '{}',
  });

  const ratio = healthResult.requests.average / bareResult.requests.average;
  const rows = [
    ['bare node:http (baseline)', bareResult],
    ['GET /api/health', healthResult],
    ['POST /api/user/getMyProfile (authenticated)', profileResult],
  ].map(
    ([name, r]) =>
      `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`,
  );
  const section = [
    '## API',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores), ${CONNECTIONS} connections, ${DURATION} s each, autocannon; the API is the built server on the embedded PostgreSQL with workers off. Run: \`npm run build -w apps/api && npm run bench:api\`.`,
    '',
    '| target | req/s | p50 ms | p99 ms | non-2xx |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `- /api/health throughput is **${(ratio * 100).toFixed(1)} %** of bare node:http (target ≥ 80 %). It runs the full stack: security headers, request id, routing, zod response serialisation; its database check (\`SELECT 1\`) runs at most once a second.`,
    `- getMyProfile p99 is **${profileResult.latency.p99} ms** at ${CONNECTIONS} connections (target ≤ 25 ms).`,
    '',
  ].join('\n');

  const file = path.join(root, 'bench/RESULTS.md');
  let existing = '# Benchmark results\n\nEach section is rewritten by its benchmark.\n\n';
  try {
    existing = await readFile(file, 'utf8');
  } catch {
    // First run: start the file.
  }
  const pattern = /## API\n[\s\S]*?(?=\n## |$)/;
  const next = pattern.test(existing)
    ? existing.replace(pattern, section)
    : `${existing.trimEnd()}\n\n${section}`;
  await writeFile(file, next.trimEnd() + '\n');
  console.log(section);
} finally {
  bare.kill();
  api.kill('SIGTERM');
  await new Promise((resolve) => api.on('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
