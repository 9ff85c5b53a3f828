import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';

/**
 * The seal sweep, at five past every hour (UTC): revokes the seals of companies whose required
 * documents lapsed (rejected, removed, expired) and signs the next seal of companies whose seal ends
 * within hours while they still qualify (see TrustService.expireSeals). Viewing the profile or the
 * revocation list still re-checks a company at once; this covers the companies nobody looks at.
 */
export function createTrustJobs(deps: { expireSeals(): Promise<number>; log: (line: string) => void }) {
  const expireSeals = defineJob({
    name: 'trust.expire-seals',
    // pg-boss sends `null` as the payload of a scheduled run.
    payload: z.object({}).loose().nullish(),
    policy: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 1800 },
    cron: '5 * * * *',
    async handler() {
      const revoked = await deps.expireSeals();
      if (revoked > 0) deps.log(`trust.expire-seals: ${revoked} seal(s) revoked`);
    },
  });
  return { expireSeals };
}
