import { randomBytes } from 'node:crypto';
import { EnvSchema } from '../src/config/env.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createServices, type ServicesDeps } from '../src/services.ts';

/**
 * The composition root (src/services.ts) as a worker builds it, for tests that run jobs by hand or on
 * a queue of their own: no mail transport, no live sockets, the wall clock and a test configuration
 * unless given.
 */
export function createTestServices(
  deps: Pick<ServicesDeps, 'database' | 'jobs' | 'storage'> & Partial<ServicesDeps>,
) {
  return createServices({
    // Snapshots (Chromium) only where a test asks for them with SCAN_SNAPSHOT_PAGES.
    env: EnvSchema.parse({ NODE_ENV: 'test', SEED_DEMO: 'false', SCAN_SNAPSHOT_PAGES: '0' }),
    mailTransport: null,
    clock: systemClock,
    tokenSecret: randomBytes(32).toString('hex'),
    releaseDate: '2026-11-22',
    log: () => undefined,
    ...deps,
  });
}
