import { describe, expect, it } from 'vitest';
import { createCardFormSchema } from '../schemas/card.ts';
import { isCardNumberValid, isCvvValid, luhnValid, parseExpiry } from './card.ts';
import { CHARGE_KINDS, chargeDescription, parseChargeDescription } from './charge-description.ts';
import { addMonthsClamped, featureStatus, type GatedFeature } from './feature-gating.ts';
import {
  actualDiscountAmount,
  annualDiscountPercent,
  discountedPrice,
  formatMoney,
  isOneMonthFree,
  planPrice,
  showsOneMonthFree,
  promoOffText,
  promoReducedText,
  trialText,
} from './pricing.ts';
import { dayStartIn, parseSourceIds, promoDayOf, promoPeriodFromDays, promoValidity } from './promo.ts';
import { UpsertPromoInputSchema } from '../schemas/billing.ts';
import {
  nextRetryAt,
  nextSubscriptionStatus,
  paywallHeaderKind,
  prorateSwitch,
  prorationInstant,
  QUOTE_VALID_MS,
  quoteStart,
  quoteSwitch,
  RENEWAL_RETRY_DAYS,
} from './subscription.ts';

describe('pricing', () => {
  it('annual discount is the saving against twelve monthly fees, rounded', () => {
    expect(annualDiscountPercent(100, 1100)).toBe(8);
    expect(annualDiscountPercent(99, 990)).toBe(17);
    expect(annualDiscountPercent(0, 0)).toBe(0);
    expect(annualDiscountPercent(10, 200)).toBe(0);
  });

  it('applies PRICE, AMOUNT and PERCENT and floors at 0', () => {
    expect(discountedPrice(100, 'PRICE', 40)).toBe(40);
    expect(discountedPrice(100, 'AMOUNT', 30)).toBe(70);
    expect(discountedPrice(100, 'AMOUNT', 130)).toBe(0);
    expect(discountedPrice(99.99, 'PERCENT', 25)).toBe(74.99);
    expect(discountedPrice(100, 'PERCENT', 100)).toBe(0);
    expect(actualDiscountAmount(100, 'PRICE', 40)).toBe(60);
  });

  it('prefers the plan promo price', () => {
    const plan = { monthlyFee: 100, annualFee: 1100, promoMonthlyFee: 80, promoAnnualFee: null };
    expect(planPrice(plan, 'MONTHLY')).toBe(80);
    expect(planPrice(plan, 'ANNUAL')).toBe(1100);
  });

  it('writes the spec texts', () => {
    expect(promoOffText(100, 'PERCENT', 20)).toBe('(20% OFF)');
    expect(promoOffText(100, 'AMOUNT', 15)).toBe('($15 OFF)');
    expect(promoOffText(100, 'PRICE', 60)).toBe('($40 OFF)');
    expect(promoReducedText(100, 'PERCENT', 20)).toBe('Price reduced by 20%');
    expect(promoReducedText(100, 'AMOUNT', 12.5)).toBe('Price reduced by $12.50');
    expect(trialText(1, 'MONTH')).toBe('(1 Month Free)');
    expect(trialText(14, 'DAY')).toBe('(14 Days Free)');
    expect(trialText(2, 'WEEK')).toBe('(2 Weeks Free)');
    expect(trialText(1, 'YEAR')).toBe('(1 Year Free)');
    expect(trialText(null, null)).toBe('');
  });
});

describe('promo validity', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const base = {
    status: 'ACTIVE' as const,
    startDate: new Date('2026-06-01T00:00:00Z'),
    endDate: new Date('2026-06-30T00:00:00Z'),
    limitUsage: true,
    maxUsage: 5,
    totalUsage: 4,
  };
  it.each([
    [base, 'VALID'],
    [{ ...base, status: 'INACTIVE' as const }, 'INVALID_PROMO_CODE'],
    [{ ...base, startDate: new Date('2026-06-16T00:00:00Z') }, 'INVALID_PROMO_CODE'],
    [{ ...base, endDate: new Date('2026-06-15T11:59:59Z') }, 'INVALID_PROMO_CODE'],
    [{ ...base, totalUsage: 5 }, 'MAX_USAGE_PROMO_CODE'],
    [{ ...base, totalUsage: 500, limitUsage: false }, 'VALID'],
    [{ ...base, startDate: null, endDate: null }, 'VALID'],
  ])('%o → %s', (promo, expected) => {
    expect(promoValidity(promo, now)).toBe(expected);
  });
  it('an unknown code is invalid', () => {
    expect(promoValidity(null, now)).toBe('INVALID_PROMO_CODE');
  });
});

describe('feature gating', () => {
  const feature = (over: Partial<GatedFeature> = {}): GatedFeature => ({
    key: 'q_vault',
    featureType: 'BOOLEAN',
    available: true,
    planFeatureConfig: { available: true, include: true, clientThreshold: null, status: 'NON_INTERACTABLE' },
    restriction: null,
    ...over,
  });
  const now = new Date('2026-03-10T00:00:00Z');
  const ctx = (features: GatedFeature[] | null, extra = {}) => ({
    features,
    subscriptionStartedAt: new Date('2026-03-01T00:00:00Z'),
    now,
    ...extra,
  });

  it('a boolean feature needs available and included', () => {
    expect(featureStatus('q_vault', ctx([feature()]))).toBe('NORMAL');
    expect(featureStatus('q_vault', ctx([feature({ available: false })]))).toBe('NON_INTERACTABLE');
    const hiddenWhenOff = feature({
      planFeatureConfig: { available: true, include: false, clientThreshold: null, status: 'HIDDEN' },
    });
    expect(featureStatus('q_vault', ctx([hiddenWhenOff]))).toBe('HIDDEN');
  });

  it('a number feature needs a threshold above the current count', () => {
    const numbered = feature({
      featureType: 'NUMBER',
      planFeatureConfig: { available: true, include: true, clientThreshold: 3, status: 'NON_INTERACTABLE' },
    });
    expect(featureStatus('q_vault', ctx([numbered], { usage: 2 }))).toBe('NORMAL');
    expect(featureStatus('q_vault', ctx([numbered], { usage: 3 }))).toBe('NON_INTERACTABLE');
    const none = feature({
      featureType: 'NUMBER',
      planFeatureConfig: { available: true, include: true, clientThreshold: null, status: 'HIDDEN' },
    });
    expect(featureStatus('q_vault', ctx([none]))).toBe('HIDDEN');
  });

  it('without a plan, or not in the plan, the feature is non-interactable', () => {
    expect(featureStatus('q_vault', ctx(null))).toBe('NON_INTERACTABLE');
    expect(featureStatus('other', ctx([feature()]))).toBe('NON_INTERACTABLE');
  });

  it('a delayed restriction takes effect at subscription start plus the delay', () => {
    const delayed = feature({ restriction: { delayDuration: 10, delayUnit: 'DAY', state: 'HIDDEN' } });
    expect(featureStatus('q_vault', ctx([delayed], { now: new Date('2026-03-10T23:59:59Z') }))).toBe(
      'NORMAL',
    );
    expect(featureStatus('q_vault', ctx([delayed], { now: new Date('2026-03-11T00:00:00Z') }))).toBe(
      'HIDDEN',
    );
    const weekly = feature({
      restriction: { delayDuration: 1, delayUnit: 'WEEK', state: 'NON_INTERACTABLE' },
    });
    expect(featureStatus('q_vault', ctx([weekly]))).toBe('NON_INTERACTABLE');
    const monthly = feature({ restriction: { delayDuration: 1, delayUnit: 'MONTH', state: 'HIDDEN' } });
    expect(featureStatus('q_vault', ctx([monthly]))).toBe('NORMAL');
  });

  it('a super admin viewing all companies bypasses everything', () => {
    expect(featureStatus('q_vault', ctx(null, { superAdminAllCompanies: true }))).toBe('NORMAL');
  });

  it('adds months clamped to the month end', () => {
    expect(addMonthsClamped(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonthsClamped(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2024-02-29T10:00:00.000Z',
    );
    expect(addMonthsClamped(new Date('2026-03-15T00:00:00Z'), 12).toISOString()).toBe(
      '2027-03-15T00:00:00.000Z',
    );
  });
});

describe('subscription status', () => {
  it('moves through the documented transitions', () => {
    expect(nextSubscriptionStatus('NEW', 'CHARGE_SUCCEEDED')).toBe('AVAILABLE');
    expect(nextSubscriptionStatus('NEW', 'TRIAL_STARTED')).toBe('TRIAL');
    expect(nextSubscriptionStatus('TRIAL', 'CHARGE_SUCCEEDED')).toBe('AVAILABLE');
    expect(nextSubscriptionStatus('AVAILABLE', 'CHARGE_FAILED')).toBe('PAYMENT_FAILED');
    expect(nextSubscriptionStatus('PAYMENT_FAILED', 'CHARGE_SUCCEEDED')).toBe('AVAILABLE');
    expect(nextSubscriptionStatus('PAYMENT_FAILED', 'RETRIES_EXHAUSTED')).toBe('EXPIRED');
    expect(nextSubscriptionStatus('AVAILABLE', 'PERIOD_ENDED_CANCELED')).toBe('DELETED');
    expect(nextSubscriptionStatus('DELETED', 'CHARGE_SUCCEEDED')).toBeNull();
    expect(nextSubscriptionStatus('EXPIRED', 'CHARGE_FAILED')).toBeNull();
  });

  it('picks the paywall header', () => {
    expect(paywallHeaderKind({ status: 'PAYMENT_FAILED', autoRenew: true })).toBe('PAYMENT_FAILED');
    expect(paywallHeaderKind({ status: 'DELETED', autoRenew: true })).toBe('CANCELED');
    expect(paywallHeaderKind({ status: 'AVAILABLE', autoRenew: false })).toBe('CANCELED');
    expect(paywallHeaderKind({ status: 'AVAILABLE', autoRenew: true })).toBeNull();
    expect(paywallHeaderKind(null)).toBeNull();
  });

  it('retries 1, 3 and 7 days after the first failure, then gives up', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    expect(RENEWAL_RETRY_DAYS).toEqual([1, 3, 7]);
    expect(nextRetryAt(first, 1)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(nextRetryAt(first, 3)?.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(nextRetryAt(first, 4)).toBeNull();
  });

  it('prorates a switch by the unused share of the paid period', () => {
    const periodStart = new Date('2026-01-01T00:00:00Z');
    const periodEnd = new Date('2026-01-31T00:00:00Z');
    const now = new Date('2026-01-16T00:00:00Z');
    expect(prorateSwitch({ paidAmount: 100, periodStart, periodEnd, now, newPrice: 200 })).toEqual({
      credit: 50,
      charge: 150,
    });
    expect(prorateSwitch({ paidAmount: 100, periodStart, periodEnd, now, newPrice: 20 })).toEqual({
      credit: 50,
      charge: 0,
    });
    expect(prorateSwitch({ paidAmount: 0, periodStart, periodEnd, now, newPrice: 20 }).charge).toBe(20);
  });
});

describe('card form', () => {
  const now = () => new Date('2026-05-10T00:00:00Z');
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    billingAddressLine1: '1 Main St',
    billingAddressLine2: '',
    billingCity: 'Denver',
    billingState: 'CO',
    billingZip: '80202',
    billingCountry: 'US',
    ccnumber: '4111 1111 1111 1111',
    ccexp: '12/30',
    cvv: '123',
  };
  const errorOf = (over: Partial<typeof valid>, region: 'US' | 'CA' = 'US') => {
    const result = createCardFormSchema(region, now).safeParse({ ...valid, ...over });
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('accepts a valid card and the 15-digit card starting with 3', () => {
    expect(errorOf({})).toBeNull();
    expect(errorOf({ ccnumber: '3782 822463 10005', cvv: '1234' })).toBeNull();
  });

  it('gives the spec messages', () => {
    expect(errorOf({ firstName: 'x'.repeat(101) })).toBe('Maximum 100 characters');
    expect(errorOf({ ccnumber: '4111 1111 1111 111' })).toBe('Card number is incorrect');
    expect(errorOf({ ccexp: '1230' })).toBeNull();
    expect(errorOf({ ccexp: '13/30' })).toBe('Invalid expiration Date. Ex: MM/YY');
    expect(errorOf({ ccexp: '04/26' })).toBe('Invalid expiration day');
    expect(errorOf({ cvv: '1234' })).toBe('Incorrect ex: 123 or 1234');
    expect(errorOf({ billingZip: '12345' }, 'CA')).toBe('Postal Code is incorrect');
    expect(errorOf({ billingZip: 'K1A 0B1' }, 'CA')).toBeNull();
  });

  it('carries each refusal with its key, which the form shows it by', () => {
    const result = createCardFormSchema('US', now).safeParse({ ...valid, ccnumber: '4111', billingCity: '' });
    expect(
      result.error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.code === 'custom' ? issue.params?.key : undefined,
      ]),
    ).toEqual([
      ['billingCity', 'billing.card.errors.required'],
      ['ccnumber', 'billing.card.errors.number'],
    ]);
  });

  it('checks numbers, expiry and cvv', () => {
    expect(isCardNumberValid('4242424242424242')).toBe(true);
    expect(isCardNumberValid('378282246310005')).toBe(true);
    expect(isCardNumberValid('37828224631000')).toBe(false);
    expect(luhnValid('4000000000000341')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(parseExpiry('05/26')).toEqual({ month: 5, year: 2026 });
    expect(isCvvValid('123', '4111')).toBe(true);
    expect(isCvvValid('12', '4111')).toBe(false);
  });
});

describe('promo dates (admin console)', () => {
  it('starts a day at midnight Eastern time, in winter and in summer', () => {
    expect(dayStartIn('2026-01-15').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(dayStartIn('2026-07-15').toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('turns inclusive calendar days into a period and back', () => {
    const period = promoPeriodFromDays('2026-03-01', '2026-03-31');
    expect(period).toEqual({ startDate: '2026-03-01T05:00:00.000Z', endDate: '2026-04-01T03:59:59.999Z' });
    expect(promoDayOf(period.startDate)).toBe('2026-03-01');
    expect(promoDayOf(period.endDate)).toBe('2026-03-31');
    expect(promoPeriodFromDays(null, null)).toEqual({ startDate: null, endDate: null });
  });

  it('refuses an end date before the start date', () => {
    const promo = {
      promoCode: 'SPRING',
      status: 'ACTIVE' as const,
      limitUsage: false,
      maxUsage: null,
      promoPlans: [
        {
          plPlanId: 1,
          paymentFrequency: 'MONTHLY' as const,
          discountType: 'PERCENT' as const,
          discountAmount: 10,
        },
      ],
    };
    const backwards = UpsertPromoInputSchema.safeParse({
      ...promo,
      ...promoPeriodFromDays('2026-03-10', '2026-03-09'),
    });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ['endDate'],
      message: 'End date must be on or after the start date',
    });
    expect(
      UpsertPromoInputSchema.safeParse({ ...promo, ...promoPeriodFromDays('2026-03-10', '2026-03-10') })
        .success,
    ).toBe(true);
  });
});

describe('delayed restriction sources (admin console)', () => {
  it('reads comma-separated positive ids and refuses anything else', () => {
    expect(parseSourceIds('2, 5,5 , 11')).toEqual([2, 5, 11]);
    expect(parseSourceIds('  ')).toEqual([]);
    expect(parseSourceIds('2, x')).toBeNull();
    expect(parseSourceIds('0')).toBeNull();
    expect(parseSourceIds('-3')).toBeNull();
  });
});

describe('subscription quotes (issue 19: what the confirmation shows is what is charged)', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('a start charges the promo price now and the full price at the next renewal', () => {
    const quote = quoteStart({
      now,
      price: 149,
      frequency: 'MONTHLY',
      promo: { type: 'PERCENT', amount: 10 },
    });
    expect(quote).toMatchObject({ kind: 'START', price: 149, discount: 14.9, credit: 0, amountNow: 134.1 });
    expect(quote.nextRenewalAt.toISOString()).toBe('2026-04-01T12:00:00.000Z');
    expect(quote.nextRenewalAmount).toBe(149);
  });

  it('a trial charges nothing now and the promo price when it ends; a free plan never charges', () => {
    const trial = quoteStart({
      now,
      price: 499,
      frequency: 'MONTHLY',
      promo: { type: 'AMOUNT', amount: 100 },
      trial: { duration: 14, unit: 'DAY' },
    });
    expect(trial).toMatchObject({ amountNow: 0, nextRenewalAmount: 399, discount: 100 });
    expect(trial.trialEndsAt?.toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(trial.nextRenewalAt).toEqual(trial.trialEndsAt);
    const free = quoteStart({ now, price: 10, frequency: 'ANNUAL', skipPaywall: true });
    expect(free).toMatchObject({ amountNow: 0, nextRenewalAmount: 0 });
  });

  it('a switch sets the unused share of the period against the new price, as prorateSwitch does', () => {
    const current = {
      status: 'AVAILABLE' as const,
      paidAmount: 49,
      periodStart: new Date('2026-02-15T12:00:00Z'),
      periodEnd: new Date('2026-03-15T12:00:00Z'),
    };
    const quote = quoteSwitch({ now, current, price: 149, frequency: 'MONTHLY' });
    const prorated = prorateSwitch({ ...current, now, newPrice: 149 });
    expect(quote).toMatchObject({ kind: 'SWITCH', credit: 24.5, amountNow: 124.5, nextRenewalAmount: 149 });
    expect(prorated).toEqual({ credit: quote.credit, charge: quote.amountNow });
    expect(quote.nextRenewalAt.toISOString()).toBe('2026-04-01T12:00:00.000Z');
    const trial = quoteSwitch({
      now,
      current: { ...current, status: 'TRIAL' },
      price: 149,
      frequency: 'ANNUAL',
    });
    expect(trial).toMatchObject({ credit: 0, amountNow: 0, nextRenewalAmount: 149 });
    expect(trial.nextRenewalAt).toEqual(current.periodEnd);
  });

  it('a confirmation within the preview’s validity is prorated at the preview’s instant', () => {
    const periodStart = new Date('2026-02-15T12:00:00Z');
    const quotedAt = new Date(now.getTime() - 60_000);
    expect(prorationInstant(now, quotedAt, periodStart)).toEqual(quotedAt);
    expect(prorationInstant(now, null, periodStart)).toEqual(now);
    expect(prorationInstant(now, new Date(now.getTime() - QUOTE_VALID_MS - 1), periodStart)).toEqual(now);
    expect(prorationInstant(now, new Date(now.getTime() + 1), periodStart)).toEqual(now);
    expect(prorationInstant(now, new Date('2026-02-15T11:59:00Z'), periodStart)).toEqual(now);
    expect(prorationInstant(now, new Date('not a date'), periodStart)).toEqual(now);
  });
});

describe('labels that are true (spec 2 §2, spec 3 §9)', () => {
  it('"(One Month Free)" only when a trial is offered and every paid annual fee is eleven monthly fees', () => {
    expect(isOneMonthFree({ monthlyFee: 149, annualFee: 1639 })).toBe(true);
    expect(isOneMonthFree({ monthlyFee: 149, annualFee: 1490 })).toBe(false);
    const plans = [
      { monthlyFee: 49, annualFee: 539 },
      { monthlyFee: 499, annualFee: 5489, trialDuration: 14 },
      { monthlyFee: 0, annualFee: 0 },
    ];
    expect(showsOneMonthFree(plans)).toBe(true);
    expect(showsOneMonthFree(plans.map((p) => ({ ...p, trialDuration: null })))).toBe(false);
    expect(showsOneMonthFree([...plans, { monthlyFee: 10, annualFee: 100 }])).toBe(false);
    expect(annualDiscountPercent(149, 1639)).toBe(8);
  });

  it('formats dollars per language', () => {
    expect(formatMoney(134.1)).toBe('$134.10');
    expect(formatMoney(1639, 'en')).toBe('$1,639.00');
    expect(formatMoney(1639, 'de')).toBe('1.639,00\u00a0$');
    expect(formatMoney(1639, 'fr')).toMatch(/^1\u202f639,00\u00a0\$US$/);
  });
});

describe('charge descriptions (stored in English, shown in the reader’s language)', () => {
  it('reads back every description it writes, plan names with brackets included', () => {
    for (const kind of CHARGE_KINDS) {
      for (const frequency of ['MONTHLY', 'ANNUAL'] as const) {
        const text = chargeDescription(kind, 'Pro (2026)', frequency);
        expect(parseChargeDescription(text)).toEqual({ kind, planName: 'Pro (2026)', frequency });
      }
    }
    expect(chargeDescription('RENEWAL', 'Pro', 'MONTHLY')).toBe('Renewal: Pro (monthly)');
    expect(parseChargeDescription('Refund for order 12')).toBeNull();
  });
});
