import { defineConfig } from 'vitest/config';

/** Files that replace a module with `vi.mock`: they need a module graph of their own. */
const MODULE_MOCKING = ['src/modules/accounts/accounts.limits.test.ts'];

/**
 * Files about processes rather than SQL: a worker killed mid-job, two APIs and two workers sharing one
 * database and object store, two webcrawler workers sharing scans. They run once, on the embedded
 * engine; the second database's run (TEST_DB_TARGET=external) is there for what differs between
 * PostgreSQL versions, which these files exercise no differently from every other file.
 */
const PROCESS_LEVEL = [
  'src/lib/jobs-crash.test.ts',
  'test/scale-out.test.ts',
  'src/modules/webcrawler/webcrawler.workers.test.ts',
];
const external = process.env.TEST_DB_TARGET === 'external';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file has its own database and most of a file's time is spent waiting on PostgreSQL and
    // timers, so two files at a time even on a 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: external ? [...MODULE_MOCKING, ...PROCESS_LEVEL] : MODULE_MOCKING,
          // Every file builds its own app, database and clock (test/build-test-app.ts), so files share
          // the loaded modules: importing the app once per worker instead of once per file halves the
          // suite's time.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-module-mocks', include: MODULE_MOCKING } },
    ],
  },
});
