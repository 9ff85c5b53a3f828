import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/web-streams.ts', 'src/testing/setup.ts'],
    restoreMocks: true,
    // One jsdom per worker rather than per file (creating it was a third of the suite's time), each
    // file still in a module context of its own.
    pool: 'vmThreads',
    // In CI these run beside lint and the type check on two cores; a form driven through MUI's menus
    // takes seconds there. The limit only catches a test that hangs.
    testTimeout: 60_000,
  },
});
