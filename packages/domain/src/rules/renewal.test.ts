import { describe, expect, it } from 'vitest';
import { afterFailedCharge, decideRenewal, renewedPeriod, type RenewalSubject } from './renewal.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');
const before = new Date(now.getTime() - DAY);
const after = new Date(now.getTime() + DAY);
const paid = { enableSkipPaywall: false };
const free = { enableSkipPaywall: true };

const sub = (over: Partial<RenewalSubject>): RenewalSubject => ({
  status: 'AVAILABLE',
  autoRenew: true,
  currentPeriodEnd: before,
  nextRetryAt: null,
  ...over,
});

describe('decideRenewal', () => {
  it.each([
    ['a paid period that ended renews with a charge', sub({}), paid, { action: 'CHARGE', kind: 'RENEWAL' }],
    [
      'a period ending exactly now renews',
      sub({ currentPeriodEnd: now }),
      paid,
      { action: 'CHARGE', kind: 'RENEWAL' },
    ],
    ['a period still running waits', sub({ currentPeriodEnd: after }), paid, { action: 'WAIT' }],
    [
      'an ended trial charges its first period',
      sub({ status: 'TRIAL' }),
      paid,
      { action: 'CHARGE', kind: 'TRIAL_ENDED' },
    ],
    ['a running trial waits', sub({ status: 'TRIAL', currentPeriodEnd: after }), paid, { action: 'WAIT' }],
    ['a plan that skips the paywall extends without a charge', sub({}), free, { action: 'EXTEND_FREE' }],
    ['a trial on such a plan extends as well', sub({ status: 'TRIAL' }), free, { action: 'EXTEND_FREE' }],
    ['a missing plan is charged as a paid one', sub({}), null, { action: 'CHARGE', kind: 'RENEWAL' }],
    [
      'canceled, the period over: the subscription ends',
      sub({ autoRenew: false }),
      paid,
      { action: 'END_CANCELED' },
    ],
    [
      'canceled, the period running: it waits for the end',
      sub({ autoRenew: false, currentPeriodEnd: after }),
      paid,
      { action: 'WAIT' },
    ],
    [
      'canceled on a free plan: it ends, never extends',
      sub({ autoRenew: false }),
      free,
      { action: 'END_CANCELED' },
    ],
    [
      'canceled during a trial: it ends when the trial does',
      sub({ status: 'TRIAL', autoRenew: false }),
      paid,
      { action: 'END_CANCELED' },
    ],
    [
      'a failed renewal retries when its retry is due',
      sub({ status: 'PAYMENT_FAILED', nextRetryAt: now }),
      paid,
      { action: 'RETRY' },
    ],
    [
      'a failed renewal waits for its retry',
      sub({ status: 'PAYMENT_FAILED', nextRetryAt: after }),
      paid,
      { action: 'WAIT' },
    ],
    [
      'a failed start (no retry scheduled) is never retried',
      sub({ status: 'PAYMENT_FAILED' }),
      paid,
      { action: 'WAIT' },
    ],
    [
      'a failed renewal that was canceled ends at its period end',
      sub({ status: 'PAYMENT_FAILED', autoRenew: false, nextRetryAt: after }),
      paid,
      { action: 'END_CANCELED' },
    ],
    ['a new subscription is not the renewal job’s', sub({ status: 'NEW' }), paid, { action: 'WAIT' }],
    ['an expired one stays expired', sub({ status: 'EXPIRED' }), paid, { action: 'WAIT' }],
    ['a deleted one stays deleted', sub({ status: 'DELETED' }), paid, { action: 'WAIT' }],
  ] as const)('%s', (_name, subject, plan, decision) => {
    expect(decideRenewal(subject, plan, now)).toEqual(decision);
  });
});

describe('renewedPeriod', () => {
  it('follows on from the period that ended', () => {
    const endedAt = new Date('2026-03-01T00:00:00Z');
    expect(renewedPeriod(endedAt, 'MONTHLY', now)).toEqual({
      start: endedAt,
      end: new Date('2026-04-01T00:00:00Z'),
    });
    expect(renewedPeriod(endedAt, 'ANNUAL', now).end).toEqual(new Date('2027-03-01T00:00:00Z'));
  });

  it('starts now when the following period would be over already (settled late)', () => {
    const endedAt = new Date('2026-01-15T00:00:00Z');
    expect(renewedPeriod(endedAt, 'MONTHLY', now)).toEqual({
      start: now,
      end: new Date('2026-04-10T12:00:00Z'),
    });
  });
});

describe('afterFailedCharge', () => {
  it.each([
    [
      0,
      null,
      {
        status: 'PAYMENT_FAILED',
        failureCount: 1,
        firstFailureAt: now,
        nextRetryAt: new Date(now.getTime() + DAY),
      },
    ],
    [
      1,
      before,
      {
        status: 'PAYMENT_FAILED',
        failureCount: 2,
        firstFailureAt: before,
        nextRetryAt: new Date(before.getTime() + 3 * DAY),
      },
    ],
    [
      2,
      before,
      {
        status: 'PAYMENT_FAILED',
        failureCount: 3,
        firstFailureAt: before,
        nextRetryAt: new Date(before.getTime() + 7 * DAY),
      },
    ],
    [3, before, { status: 'EXPIRED', failureCount: 4 }],
  ] as const)('after %i failures (first at %s)', (failureCount, firstFailureAt, outcome) => {
    expect(afterFailedCharge({ failureCount, firstFailureAt }, now)).toEqual(outcome);
  });
});
