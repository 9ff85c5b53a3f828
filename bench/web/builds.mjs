// The production builds a web bench measures, each served on its own port, data folder and embedded
// database: the current build (apps/api/dist, apps/web/dist) and, with BENCH_WEB_BASELINE=1, the one
// saved by `node bench/web/run.mjs --save-baseline` beside it (the next port), so that both are
// measured in the same run on the same machine load. Used by run.mjs (Lighthouse) and first-use.mjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse's phone: 412 × 823 CSS pixels at 1.75 device pixels each. */
export const PHONE_VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true };

/** Debian's Chromium as every bench drives it: headless, without sandbox or GPU; never a download. */
export const launchChromium = () =>
  puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
export const DEMO_OWNER = 'owner@greenvalley.example';
export const PERSIST_KEY = 'trustleaf';
const BASELINE_API = 'apps/api/dist-baseline';
const BASELINE_WEB = 'apps/web/dist-baseline';
const ADMIN = {
  email: 'bench-admin@trustleaf.local',
  password: `Bench-${randomBytes(6).toString('hex')}-Aa1!`,
};

export const WITH_BASELINE = process.env.BENCH_WEB_BASELINE === '1';

/** `--save-baseline`: copies the current build to the baseline folders, then the process ends. */
export function saveBaselineIfAsked() {
  if (!process.argv.includes('--save-baseline')) return;
  for (const [from, to] of [
    ['apps/api/dist', BASELINE_API],
    ['apps/web/dist', BASELINE_WEB],
  ]) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
  console.log(`Saved the current build as the baseline (${BASELINE_API}, ${BASELINE_WEB}).`);
  process.exit(0);
}

function startServer({ dataDir, serverJs, webDist, port, pgPort }) {
  const child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function waitFor(check, what, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function post(base, url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()).detail;
}

/** The persisted root the app writes after a sign-in (apps/web/src/stores/app-store.ts). */
export async function persistedSession(base, email, password) {
  const session = await post(base, '/api/auth/login', { email, password });
  const profile = await post(base, '/api/user/getMyProfile', {}, session.accessToken);
  return JSON.stringify({
    version: 1,
    state: {
      session: { accessToken: session.accessToken, expiresIn: session.expiresIn, receivedAt: Date.now() },
      language: 'en',
      theme: 'default',
      navCollapsed: null,
      account: {
        currentUser: profile.currentUser,
        currentCompany: profile.currentCompany,
        currentAdminSelectedCompany: null,
        statistics: null,
        jobs: [],
      },
    },
  });
}

/**
 * Starts the builds to measure, from `port` and `pgPort` up; resolves with each one's name, address
 * and demo owner's password. Whatever was started is in `started`, for `stopBuilds`, even on failure.
 */
export async function startBuilds({ port, pgPort }, started) {
  if (WITH_BASELINE && !existsSync(`${BASELINE_API}/server.js`))
    throw new Error('No saved baseline: run `node bench/web/run.mjs --save-baseline` on the old build first');
  const builds = [
    ...(WITH_BASELINE
      ? [{ name: 'baseline', serverJs: `${BASELINE_API}/server.js`, webDist: BASELINE_WEB, offset: 1 }]
      : []),
    {
      name: WITH_BASELINE ? 'this build' : 'build',
      serverJs: 'apps/api/dist/server.js',
      webDist: 'apps/web/dist',
      offset: 0,
    },
  ];
  for (const build of builds) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trustleaf-bench-web-'));
    const server = startServer({
      dataDir,
      serverJs: build.serverJs,
      webDist: path.resolve(build.webDist),
      port: port + build.offset,
      pgPort: pgPort + build.offset,
    });
    const base = `http://localhost:${port + build.offset}`;
    const running = { ...build, base, dataDir, server, ownerPassword: '' };
    started.push(running);
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, `the ${build.name} server`);
    await waitFor(async () => server.output().includes(DEMO_OWNER), 'the start-up accounts');
    const ownerLine = server
      .output()
      .split('\n')
      .find((line) => line.includes(DEMO_OWNER));
    running.ownerPassword = /password (\S+)/.exec(ownerLine ?? '')?.[1] ?? '';
    if (!running.ownerPassword) throw new Error('the demo owner password was not printed');
  }
  return started;
}

export async function stopBuilds(started) {
  for (const build of started) {
    build.server.child.kill('SIGTERM');
    await new Promise((resolve) => build.server.child.once('exit', resolve));
    rmSync(build.dataDir, { recursive: true, force: true });
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
