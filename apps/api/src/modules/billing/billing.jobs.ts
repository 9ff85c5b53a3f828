import { PAYMENT_FREQUENCIES } from '@trustleaf/domain/rules/pricing';
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

/**
 * Hourly (UTC): the trial-ending email 3 days before a trial ends and the renewal email 7 days before
 * an annual period renews. Each is keyed by its subscription and date, so it is sent once.
 */
export function createBillingRemindersJob(run: () => Promise<unknown>) {
  return defineJob({
    name: 'billing.send-reminders',
    payload: z.object({}).strict(),
    policy: { retryLimit: 2, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
    cron: '7 * * * *',
    async handler() {
      await run();
    },
  });
}

const instant = z.iso.datetime();
const card = {
  brand: z.string().nullable(),
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
};
const common = { eventKey: z.string().min(1).max(200), companyId: z.number().int().positive() };

/** The billing emails (issue 19); the params are what the template shows, nothing more of a card. */
export const BillingNoticeSchema = z.discriminatedUnion('kind', [
  z.object({
    ...common,
    kind: z.literal('RECEIPT'),
    params: z.object({
      ...card,
      planName: z.string(),
      frequency: z.enum(PAYMENT_FREQUENCIES),
      amount: z.number().min(0),
      periodStart: instant,
      periodEnd: instant,
    }),
  }),
  z.object({
    ...common,
    kind: z.literal('PAYMENT_FAILED'),
    params: z.object({
      ...card,
      planName: z.string(),
      amount: z.number().min(0),
      reason: z.string(),
      nextRetryAt: instant.nullable(),
    }),
  }),
  z.object({
    ...common,
    kind: z.literal('CANCELED'),
    params: z.object({ planName: z.string(), activeUntil: instant }),
  }),
  z.object({
    ...common,
    kind: z.literal('ENDED'),
    params: z.object({ planName: z.string(), endedAt: instant, reason: z.enum(['CANCELED', 'PAYMENT']) }),
  }),
  z.object({
    ...common,
    kind: z.enum(['TRIAL_ENDING', 'RENEWAL_UPCOMING']),
    params: z.object({ ...card, planName: z.string(), chargeAt: instant, amount: z.number().min(0) }),
  }),
]);
export type BillingNotice = z.infer<typeof BillingNoticeSchema>;

/** Writes one billing email event to its recipients (see BillingService.sendNotice). */
export function createBillingNoticeJob(send: (notice: BillingNotice) => Promise<void>) {
  return defineJob({
    name: 'billing.send-notice',
    payload: BillingNoticeSchema,
    policy: { retryLimit: 8, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
    async handler(notice) {
      await send(notice);
    },
  });
}
