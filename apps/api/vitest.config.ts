import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each file has its own database and most of a file's time is spent waiting on PostgreSQL and
    // timers, so two files at a time even on a 2-core machine (vitest's default there is one).
    maxWorkers: 2,
  },
});
