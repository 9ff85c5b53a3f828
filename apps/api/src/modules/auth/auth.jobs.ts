import { z } from 'zod';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { Clock } from '../../lib/clock.ts';
import { defineJob } from '../../lib/jobs.ts';

/** A counter quiet this long after its window or delay ended is forgotten, growing delay included. */
export const ATTEMPT_COUNTER_QUIET_MS = 24 * 3600 * 1000;

export function createAuthJobs(deps: { limiter: AttemptLimiter; clock: Clock; log: (line: string) => void }) {
  const forgetQuietAttempts = defineJob({
    name: 'auth.forget-quiet-attempts',
    // pg-boss sends `null` as the payload of a scheduled run.
    payload: z.object({}).loose().nullish(),
    policy: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
    cron: '45 3 * * *',
    async handler() {
      const before = new Date(deps.clock.now().getTime() - ATTEMPT_COUNTER_QUIET_MS);
      const removed = await deps.limiter.forgetQuiet(before);
      if (removed > 0) deps.log(`auth.forget-quiet-attempts: ${removed} attempt counter(s) forgotten`);
    },
  });
  return { forgetQuietAttempts };
}
