import {
  CompanyIdBodySchema,
  CompanySubscriptionSchema,
  PreviewSubscriptionInputSchema,
  SubscriptionPreviewSchema,
} from '../schemas/billing.ts';
import { endpoint } from './endpoint.ts';

/**
 * What confirming a plan would charge, before any charge (issue 19): a start (the promo price now, or
 * nothing during a trial) or a switch (the credit for the unused period, the amount now, the next
 * renewal). The charge is computed by the same rule (quoteStart, quoteSwitch), so the two agree.
 */
export const previewSubscription = endpoint({
  method: 'POST',
  path: '/api/subscription/previewSubscription',
  input: PreviewSubscriptionInputSchema,
  output: SubscriptionPreviewSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Preview what starting or switching a plan charges now and at the next renewal',
  description:
    'Quotes a start or a switch for a company the caller manages, without charging: the price after the promo, the credit for the unused period, the amount charged now, and the next renewal date and amount. The charge uses the same rule, so confirming charges what the preview showed.',
});

/** Turns auto-renew back on after a cancel, while the paid period (or trial) still runs. */
export const resumeSubscription = endpoint({
  method: 'POST',
  path: '/api/subscription/resumeSubscription',
  input: CompanyIdBodySchema,
  output: CompanySubscriptionSchema,
  access: 'user',
  tag: 'subscription',
  summary: 'Resume a canceled subscription (auto-renew on) without switching plan',
  description:
    'Turns auto-renew back on for the company’s canceled subscription while its paid period or trial still runs, keeping the plan and frequency; nothing is charged until the renewal. A subscription that has already ended is CONFLICT.',
  errors: ['CONFLICT'],
});
