import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './free-port.ts';

/**
 * Scan jobs shared by worker processes, as deployed: the built server with WORKERS=0 only enqueues,
 * two `apps/api/dist/worker.js` processes consume the queue from the same PostgreSQL. Several scans
 * are each completed once, by both workers between them; a worker killed with SIGKILL mid-scan has
 * its scan retried by the other, completed once, without duplicate findings.
 */
const root = path.resolve(import.meta.dirname, '..');
// Twenty above the journeys' main server (start.spec.ts takes ten above).
const PORT = Number(process.env.E2E_PORT ?? 3210) + 20;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_EMAIL = 'workers-admin@trustleaf.local';
const ADMIN_PASSWORD = 'Workers-Admin-Passw0rd!';

interface Site {
  host: string;
  origin: string;
  close(): Promise<void>;
}

/**
 * A small site whose pages link only to the next one, each answering after `delayMs`: a scan reads
 * them one after the other, so it lasts about `pages × delayMs` and can be caught mid-way.
 */
async function startSite(pages: number, delayMs: number): Promise<Site> {
  const server = http.createServer((req, res) => {
    const match = /^\/page\/(\d+)$/.exec(req.url ?? '');
    const i = req.url === '/' ? 0 : match ? Number(match[1]) : pages;
    if (i >= pages) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const next = i + 1 < pages ? `<a href="/page/${i + 1}">Next</a>` : '';
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>Page ${i}</title></head><body><h1>Page ${i}</h1>` +
          `<p>Our tincture cures insomnia in a week, batch ${i}.</p>${next}</body></html>`,
      );
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    origin: `http://${host}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Running {
  child: ChildProcess;
  output: () => string;
}

function start(script: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function stop(running: Running, signal: NodeJS.Signals) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill(signal);
  await exited;
}

const completedBy = (worker: Running, jobId: string) =>
  worker.output().split(`scan ${jobId} completed`).length - 1;

test('two worker processes share scans, and a scan whose worker is killed completes once', async () => {
  test.setTimeout(180_000);
  const sites = await Promise.all([1, 2, 3, 4].map(() => startSite(6, 250)));
  const [slow, twin] = await Promise.all([startSite(24, 400), startSite(24, 400)]);
  const dataDir = await mkdtemp(path.join(root, '.e2e-data-workers-'));
  // Run as root, embedded PostgreSQL drops to its own user, which must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const env = {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SCANNER_ALLOWED_HOSTS: [...sites, slow, twin].map((site) => site.host).join(','),
    LOG_LEVEL: 'info',
    // What is measured here is how workers share scans; snapshots would only add Chromium launches.
    SCAN_SNAPSHOT_PAGES: '0',
  };
  const api = start('apps/api/dist/server.js', { ...env, WORKERS: '0' });
  const workers: Running[] = [];
  try {
    await expect
      .poll(
        async () => {
          if (api.child.exitCode !== null) throw new Error(`server exited: ${api.output()}`);
          return fetch(`${BASE}/api/health`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(200);
    // The server created the database and ran the migrations; the workers join it.
    workers.push(start('apps/api/dist/worker.js', env), start('apps/api/dist/worker.js', env));
    for (const worker of workers) {
      await expect
        .poll(
          () => {
            if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.output()}`);
            return worker.output().includes('worker started');
          },
          { timeout: 60_000 },
        )
        .toBe(true);
    }

    const call = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
      const response = await fetch(`${BASE}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      expect(response.status, `${url}: ${text}`).toBe(200);
      return (JSON.parse(text) as { detail: T }).detail;
    };
    const { accessToken: token } = await call<{ accessToken: string }>('/api/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const owner = /owner@greenvalley\.example\s+Company Owner\s+.+?\s{2}password (\S+)/.exec(api.output());
    const { accessToken: ownerToken } = await call<{ accessToken: string }>('/api/auth/login', {
      email: 'owner@greenvalley.example',
      password: owner![1],
    });
    const profile = await call<{ currentCompany: { plCompanyId: number } }>(
      '/api/user/getMyProfile',
      {},
      ownerToken,
    );
    const plCompanyId = profile.currentCompany.plCompanyId;
    const scan = async (site: Site) =>
      (
        await call<{ jobId: string }>(
          '/api/webcrawler/scanUrl',
          { plCompanyId, url: `${site.origin}/`, analyzeImage: false },
          token,
        )
      ).jobId;
    const job = (jobId: string) =>
      call<{ status: string; plViolationCheckId: number | null; progress: { done: number } }>(
        '/api/webcrawler/getScanUrlJob',
        { jobId },
        token,
      );
    /**
     * The findings count of the scan's one stored result. (The demo company's plan does not show issue
     * details; the listing gives the counts.)
     */
    const storedFindings = async (jobId: string) => {
      const { plViolationCheckId } = await job(jobId);
      const { violationChecks } = await call<{
        violationChecks: { plViolationCheckId: number; url: string; totalFindings: number }[];
      }>('/api/webcrawler/violationCheckListing', { plCompanyId }, token);
      const check = violationChecks.find((c) => c.plViolationCheckId === plViolationCheckId)!;
      expect(violationChecks.filter((c) => c.url === check.url)).toHaveLength(1);
      return check.totalFindings;
    };

    // Four scans of four websites (one running scan per website, so they can run side by side).
    const jobIds = await Promise.all(sites.map(scan));
    for (const jobId of jobIds) {
      await expect.poll(async () => (await job(jobId)).status, { timeout: 60_000 }).toBe('completed');
    }
    const counts = [];
    for (const jobId of jobIds) {
      expect(completedBy(workers[0]!, jobId) + completedBy(workers[1]!, jobId)).toBe(1);
      counts.push(await storedFindings(jobId));
    }
    // The four websites are alike: as many findings each, none stored twice.
    expect(counts[0]).toBeGreaterThan(0);
    expect(new Set(counts).size).toBe(1);
    for (const worker of workers) {
      expect(jobIds.some((jobId) => completedBy(worker, jobId) === 1)).toBe(true);
    }

    // Two long scans of two alike websites, one on each worker; one worker is killed mid-scan.
    const slowId = await scan(slow);
    const twinId = await scan(twin);
    await expect.poll(async () => (await job(slowId)).progress.done, { timeout: 30_000 }).toBeGreaterThan(2);
    const victim = workers.find((worker) => worker.output().includes(`scan ${slowId} started`))!;
    const survivor = workers.find((worker) => worker !== victim)!;
    await stop(victim, 'SIGKILL');
    await expect.poll(async () => (await job(slowId)).status, { timeout: 90_000 }).toBe('completed');
    await expect.poll(async () => (await job(twinId)).status, { timeout: 30_000 }).toBe('completed');
    expect(survivor.output()).toContain(`scan ${slowId} started (attempt 2)`);
    expect(completedBy(survivor, slowId)).toBe(1);
    expect(completedBy(victim, slowId)).toBe(0);
    // The retried scan stored its findings once: as many as the uninterrupted scan of its twin.
    const twinFindings = await storedFindings(twinId);
    expect(twinFindings).toBeGreaterThan(0);
    expect(await storedFindings(slowId)).toBe(twinFindings);
  } finally {
    for (const worker of workers) await stop(worker, 'SIGTERM');
    await stop(api, 'SIGTERM');
    await Promise.all([...sites, slow, twin].map((site) => site.close()));
    await rm(dataDir, { recursive: true, force: true });
  }
});
