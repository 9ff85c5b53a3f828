import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';

/**
 * Renewals run every 15 minutes (UTC): due renewals and trial ends are charged, scheduled retries
 * (RENEWAL_RETRY_DAYS) run, and canceled subscriptions end at their period end. Charges carry keys
 * derived from the subscription and period, so an overlapping or repeated run charges once.
 */
export function createRenewSubscriptionsJob(run: () => Promise<unknown>) {
  return defineJob({
    name: 'billing.renew-subscriptions',
    payload: z.object({}).strict(),
    policy: { retryLimit: 2, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
    cron: '*/15 * * * *',
    async handler() {
      await run();
    },
  });
}
