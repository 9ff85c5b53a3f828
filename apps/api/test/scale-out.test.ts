import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COA_UPLOAD_EVENT, type CoaUploadJob } from '@trustleaf/domain/schemas/document';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { createTestDatabase } from './build-test-app.ts';
import { createMember, subscribeCompany, TEST_PASSWORD } from './factories.ts';
import { makePdf } from './pdf-fixture.ts';
import { startS3Server, type S3Server } from './s3-server.ts';

/**
 * Scale-out as deployed: two API processes (WORKERS=0, so they only enqueue) and two worker processes
 * of the bundled build, each with a data folder of its own, on one PostgreSQL and one S3-compatible
 * server. Nothing is shared but the database, the bucket and the configured secret.
 */
const apiRoot = fileURLToPath(new URL('..', import.meta.url));
// Inside apps/api, where the bundle's npm dependencies resolve; bundled, the four processes start
// in about half the time they take to load the TypeScript source.
const build = path.join(apiRoot, `.test-build-${process.pid}`);

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function start(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, args, {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let testDb: { url: string; database: Database; drop(): Promise<void> };
let s3: S3Server;
const processes: Running[] = [];
const folders: string[] = [];
const sockets: Socket[] = [];
let apis: [string, string];

beforeAll(async () => {
  const built = start(['build.mjs', path.basename(build)], {});
  [testDb, s3] = await Promise.all([createTestDatabase(), startS3Server()]);
  expect(await built.exited, built.output()).toBe(0);
  const shared = {
    ...s3.env,
    DATABASE_URL: testDb.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    DB_POOL_SIZE: '3',
    HOST: '127.0.0.1',
    WEB_DIST: build,
  };
  const own = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-scale-'));
    folders.push(dir);
    return { DATA_DIR: dir, PORT: String(await freePort()) };
  };
  const apiEnvs = [await own(), await own()];
  apis = [`http://127.0.0.1:${apiEnvs[0]!.PORT}`, `http://127.0.0.1:${apiEnvs[1]!.PORT}`];
  for (const env of apiEnvs)
    processes.push(start([path.join(build, 'server.js')], { ...shared, ...env, WORKERS: '0' }));
  for (let i = 0; i < 2; i += 1)
    processes.push(start([path.join(build, 'worker.js')], { ...shared, ...(await own()) }));

  const exitedEarly = () => {
    const gone = processes.find((p) => p.child.exitCode !== null);
    if (gone) throw new Error(`a process exited: ${gone.output()}`);
  };
  await vi.waitFor(
    async () => {
      exitedEarly();
      const statuses = await Promise.all(
        apis.map((base) =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      expect(statuses).toEqual([200, 200]);
      for (const worker of processes.slice(2)) expect(worker.output()).toContain('worker started');
    },
    { timeout: 90_000, interval: 250 },
  );
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const running of processes) if (running.child.exitCode === null) running.child.kill('SIGTERM');
  await Promise.all(processes.map((running) => running.exited));
  await s3?.close();
  await testDb?.drop();
  for (const dir of [...folders, build]) await rm(dir, { recursive: true, force: true });
});

async function call<T>(base: string, url: string, body: unknown, token: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${url}: ${text}`).toBe(200);
  return (JSON.parse(text) as { detail: T }).detail;
}

describe('two API processes and two workers on one database and one bucket', () => {
  it('downloads through one API what the other stored, and a COA job enqueued by one reaches a socket on the other', async () => {
    const [apiA, apiB] = apis;
    const { user, companyId } = await createMember(testDb.database.db);
    await subscribeCompany(testDb.database.db, companyId);
    const { accessToken: token } = await call<{ accessToken: string }>(
      apiA,
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      '',
    );

    // A socket on API B, in the company's room.
    const socket = connect(apiB, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const events: CoaUploadJob[] = [];
    socket.on(COA_UPLOAD_EVENT, (job: CoaUploadJob) => events.push(job));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(await socket.emitWithAck('subscribe', { plCompanyId: companyId })).toEqual({ ok: true });

    // Stored through API A.
    const coa = makePdf(['Cannabinoid LOD LOQ Result', 'CBD 0.01 0.03 1.2 %']);
    const form = new FormData();
    form.append('files', new Blob([coa]), 'coa.pdf');
    const upload = await fetch(`${apiA}/api/storage/preupload?mode=coa&plCompanyId=${companyId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const { key } = ((await upload.json()) as { detail: { key: string }[] }).detail[0]!;

    // A link signed by API A, downloaded through API B.
    const { url } = await call<{ url: string }>(apiA, '/api/storage/getFileUrl', { key }, token);
    const download = await fetch(`${apiB}${url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(coa)).toBe(true);

    // Enqueued by API A (which runs no jobs); a worker reads the file from the bucket, and its
    // progress reaches the socket on API B.
    const batch = await call<CoaUploadJob>(
      apiA,
      '/api/coa/uploadCoas',
      { plCompanyId: companyId, uploadKeys: [key] },
      token,
    );
    await expect
      .poll(
        () => events.find((e) => e.plUserUploadCoaId === batch.plUserUploadCoaId && e.status === 'COMPLETED'),
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toMatchObject({
        processed: 1,
        items: [{ fileName: 'coa.pdf', status: 'SUCCESS', cannabinoids: { cbd: 1.2 } }],
      });
  }, 90_000);
});
