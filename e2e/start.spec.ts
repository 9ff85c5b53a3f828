import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from './free-port.ts';

/**
 * What a new user does: start the built server with an empty data folder, read the printed admin
 * credentials, sign in; restart (gracefully, then after a SIGKILL) and find everything still there.
 */
const root = path.resolve(import.meta.dirname, '..');
// Ten above the journeys' main server, so two checkouts can run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 10;
// Its database's port is the system's choice, the same for every start of the server here.
let pgPort: Promise<number> | undefined;
const databasePort = () => (pgPort ??= freePort());
const BASE = `http://127.0.0.1:${PORT}`;

interface Running {
  child: ChildProcess;
  output: () => string;
}

async function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await databasePort()),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        return fetch(`${BASE}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
  return { child, output: () => output };
}

async function stopServer(running: Running, signal: NodeJS.Signals) {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill(signal);
  await exited;
}

async function signIn(page: Page, email: string, password: string) {
  // Each sign-in starts signed out, as on a new browser.
  await page.context().clearCookies();
  await page.goto(`${BASE}/auth/sign-out`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${BASE}/auth/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
}

test('a fresh start serves sign-in, the printed admin signs in, and restarts keep the data', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dataDir = await mkdtemp(path.join(root, '.e2e-data-'));
  let running = await startServer(dataDir);
  try {
    // The accounts, each with its role and company; a password only when the account is created.
    const credentials = /(admin@trustleaf\.local)\s+Super Admin\s+Trustleaf\s+password (\S+)/;
    await expect.poll(() => credentials.test(running.output()), { timeout: 60_000 }).toBe(true);
    const printed = credentials.exec(running.output());
    const [, email, password] = printed!;
    // It says first that it is a development server, and where mail goes.
    expect(running.output()).toContain(
      'This is a development server (NODE_ENV=development), not for production',
    );
    expect(running.output()).toContain(
      `readable by a signed-in super admin at http://localhost:${PORT}/dev/mailbox`,
    );
    expect(running.output()).toContain(`Trustleaf is ready: open http://localhost:${PORT}`);
    expect(running.output()).toMatch(
      /owner@greenvalley\.example\s+Company Owner\s+Green Valley Hemp Co\.\s+password \S+/,
    );
    expect(running.output()).toMatch(
      /member@greenvalley\.example\s+User\s+Green Valley Hemp Co\.\s+password \S+/,
    );

    await signIn(page, email!, password!);
    await expect(page.getByText('Super Admin').first()).toBeVisible();

    // A row written by the app: a reset email for the demo owner lands in the outbox.
    await fetch(`${BASE}/api/user/requestResetPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@greenvalley.example' }),
    });
    // The dev mailbox answers the signed-in super admin only.
    const mailCount = async () => {
      const login = await fetch(`${BASE}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { accessToken } = ((await login.json()) as { detail: { accessToken: string } }).detail;
      const mailbox = await fetch(`${BASE}/api/dev/mailbox`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return ((await mailbox.json()) as { detail: unknown[] }).detail.length;
    };
    expect(await mailCount()).toBe(1);

    await stopServer(running, 'SIGTERM');
    running = await startServer(dataDir);
    await expect.poll(() => running.output(), { timeout: 30_000 }).toContain('Trustleaf is ready');
    expect(running.output()).not.toContain(password!);
    expect(running.output()).toMatch(
      /admin@trustleaf\.local\s+Super Admin\s+Trustleaf\s+password as set before/,
    );
    expect(await mailCount()).toBe(1);
    await signIn(page, email!, password!);

    // Killed without warning, the app leaves its PostgreSQL running; the next start takes it over.
    await stopServer(running, 'SIGKILL');
    running = await startServer(dataDir);
    expect(await mailCount()).toBe(1);
    await signIn(page, email!, password!);
  } finally {
    await stopServer(running, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
});
