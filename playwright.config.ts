import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './e2e/accounts.ts';

/**
 * Browser journeys against the built server, started as a user would start it. Nothing is built
 * here: `npm run build` comes first. Chromium is Debian's (CHROME_PATH overrides), never a download.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54410);
/** A website the webcrawler journey serves from the test process (e2e/webcrawler.spec.ts), slow on purpose. */
const SLOW_SITE_PORT = PORT + 2;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'trustleaf-e2e-'));
// Run as root, embedded PostgreSQL drops to its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
/** A second server with the Canadian build of the SPA (VITE_REGION=CA), on the next ports. */
const CA_PORT = PORT + 1;
const caDataDir = mkdtempSync(path.join(tmpdir(), 'trustleaf-e2e-ca-'));
chmodSync(caDataDir, 0o755);

/**
 * `npm run test:e2e` runs the journeys as two groups side by side, each against servers and a database
 * of its own (E2E_GROUP=a|b, with their own E2E_PORT): journeys that move a server's clock never share
 * it with another group. Group a holds the longest walks, group b the rest and the worker processes'
 * journey (a minute; the two groups took 10.1 and 8.1 minutes with it in a); without E2E_GROUP every
 * journey runs.
 */
const GROUP_A = /e2e\/(layout|layout-languages|webcrawler|shell|session)\.spec\.ts$/;
const group = process.env.E2E_GROUP;
if (group !== undefined && group !== 'a' && group !== 'b')
  throw new Error(`E2E_GROUP is a or b, not ${group}`);

export default defineConfig({
  testDir: './e2e',
  outputDir: group ? `./test-results/${group}` : './test-results',
  ...(group === 'a' ? { testMatch: GROUP_A } : group === 'b' ? { testIgnore: GROUP_A } : {}),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs every journey CPU; CI keeps only the log, so there it is off unless
    // E2E_TRACE asks for one (E2E_TRACE=retain-on-failure).
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as
      'off' | 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'npx node apps/api/dist/server.js',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        EMBEDDED_PG_PORT: String(PG_PORT),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: E2E_ADMIN_EMAIL,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        APP_URL: `http://localhost:${PORT}`,
        LOG_LEVEL: 'warn',
        // The trust-profile journey moves the server's clock (POST /api/dev/clock, super admin).
        TEST_CLOCK: 'true',
        // The journeys' accounts register from addresses of their own (e2e/accounts.ts), as people do
        // from their own networks; the browser's requests carry none and count as loopback's.
        TRUST_PROXY: 'loopback',
        // The app's own demo site (the default) and the journey's slow site.
        SCANNER_ALLOWED_HOSTS: `localhost:${PORT},127.0.0.1:${PORT},localhost:${SLOW_SITE_PORT},127.0.0.1:${SLOW_SITE_PORT}`,
        // One page snapshot a scan (the report journey shows it); each is a Chromium launch of its own.
        SCAN_SNAPSHOT_PAGES: '1',
      },
    },
    ...(group === 'a' ? [] : [caServer()]),
  ],
});

/**
 * A server with the Canadian build of the SPA, for e2e/region-ca.spec.ts. The region is a build-time
 * setting, so Canada gets its own small build (about 7 s).
 */
function caServer() {
  return {
    command: 'npm run build:ca -w apps/web --silent && npx node apps/api/dist/server.js',
    url: `http://localhost:${CA_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(CA_PORT),
      EMBEDDED_PG_PORT: String(PG_PORT + 1),
      DATA_DIR: caDataDir,
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      WEB_DIST: path.resolve('apps/web/dist-ca'),
      APP_URL: `http://localhost:${CA_PORT}`,
      LOG_LEVEL: 'warn',
    },
  } as const;
}
