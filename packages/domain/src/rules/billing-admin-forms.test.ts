import { describe, expect, it } from 'vitest';
import { PlanSchema } from '../schemas/billing.ts';
import { createPlanFormSchema, planFormFieldOf, planFormValuesOf, planInputOf } from './plan-form.ts';
import { createPromoFormSchema, EMPTY_PROMO_FORM, promoFormFieldOf, promoInputOf } from './promo-form.ts';

const PLAN = PlanSchema.parse({
  plPlanId: 3,
  name: 'Pro',
  status: 'ACTIVE',
  region: 'US',
  priority: 2,
  monthlyFee: 149,
  annualFee: 1490,
  promoMonthlyFee: null,
  promoAnnualFee: null,
  enableCcPaymentMonthly: true,
  enableCcPaymentAnnually: true,
  enableEftPaymentMonthly: false,
  enableEftPaymentAnnually: false,
  enableSkipPaywall: false,
  trialDuration: null,
  trialUnit: null,
  detailDescription: {
    title: 'Pro',
    detailDescriptions: [{ shortDescription: 'Vault', detailDescription: '<p>x</p>' }],
  },
  features: [
    {
      plFeatureId: 5,
      key: 'q_vault',
      name: 'Q vault',
      featureType: 'NUMBER',
      available: true,
      priority: 4,
      isMenuSetting: true,
      planFeatureConfig: { available: true, include: true, clientThreshold: 10, status: 'HIDDEN' },
      restriction: { sourceIds: [2, 5], delayDuration: 30, delayUnit: 'DAY', state: 'HIDDEN' },
    },
  ],
});

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('promo form', () => {
  const rows = [{ plPlanId: 3 }];

  it('refuses each field with its rule’s key, the API’s rules between fields included', () => {
    const blank = createPromoFormSchema(rows).safeParse({
      ...EMPTY_PROMO_FORM,
      discountAmount: '',
      maxUsage: '1.5',
    });
    expect(issuesOf(blank)).toEqual([
      ['promoCode', 'billing.admin.messages.required'],
      ['discountAmount', 'billing.admin.messages.amount'],
      ['maxUsage', 'billing.admin.messages.wholeNumber'],
    ]);
    const crossed = createPromoFormSchema(rows).safeParse({
      ...EMPTY_PROMO_FORM,
      promoCode: 'SPRING',
      discountAmount: '120',
      startDate: '2026-12-10',
      endDate: '2026-12-01',
    });
    expect(issuesOf(crossed)).toEqual([
      ['discountAmount', 'billing.admin.messages.percentMax'],
      ['endDate', 'billing.admin.messages.dateOrder'],
    ]);
  });

  it('says that a new promo has no plan to cover while no plan is active, in words of its own', () => {
    const noPlans = createPromoFormSchema([]).safeParse({
      ...EMPTY_PROMO_FORM,
      promoCode: 'SPRING',
      discountAmount: '10',
    });
    expect(issuesOf(noPlans)).toEqual([['discountAmount', 'billing.admin.messages.noActivePlan']]);
  });

  it('makes the payload: a new promo’s rows take the form’s frequency, the usage limit follows maxUsage', () => {
    const input = promoInputOf(
      { ...EMPTY_PROMO_FORM, promoCode: 'X', paymentFrequency: 'ANNUAL', maxUsage: '5' },
      [{ plPlanId: 3 }, { plPlanId: 4, paymentFrequency: 'MONTHLY' }],
    );
    expect(input).toMatchObject({
      promoCode: 'X',
      limitUsage: true,
      maxUsage: 5,
      promoPlans: [
        { plPlanId: 3, paymentFrequency: 'ANNUAL', discountType: 'PERCENT', discountAmount: 10 },
        { plPlanId: 4, paymentFrequency: 'MONTHLY' },
      ],
    });
    expect(input).not.toHaveProperty('plPromoId');
  });

  it('names the field of an API issue', () => {
    expect(
      ['promoCode', 'startDate', 'endDate', 'maxUsage', 'promoPlans.0.discountAmount'].map(promoFormFieldOf),
    ).toEqual(['promoCode', 'endDate', 'endDate', 'maxUsage', 'discountAmount']);
  });
});

describe('plan form', () => {
  it('round-trips a plan unchanged', () => {
    const input = planInputOf(PLAN, planFormValuesOf(PLAN));
    expect(input).toMatchObject({
      monthlyFee: 149,
      promoMonthlyFee: null,
      trialUnit: null,
      features: [
        {
          plFeatureId: 5,
          planFeatureConfig: PLAN.features[0]!.planFeatureConfig,
          restriction: PLAN.features[0]!.restriction,
        },
      ],
      detailDescription: PLAN.detailDescription,
    });
  });

  it('refuses fees, trial, threshold and restriction fields by key, then a trial without its unit by the API’s rule', () => {
    const values = planFormValuesOf(PLAN);
    const wrong = createPlanFormSchema(PLAN).safeParse({
      ...values,
      monthlyFee: '',
      promoAnnualFee: '-1',
      trialDuration: '400',
      features: [
        {
          ...values.features[0]!,
          clientThreshold: '2.5',
          restriction: { ...values.features[0]!.restriction!, delayDuration: '1001', sourceIds: '2, x' },
        },
      ],
    });
    expect(issuesOf(wrong)).toEqual([
      ['monthlyFee', 'billing.admin.messages.amount'],
      ['promoAnnualFee', 'billing.admin.messages.amount'],
      ['trialDuration', 'billing.admin.messages.trialDuration'],
      ['features.0.clientThreshold', 'billing.admin.messages.wholeNumber'],
      ['features.0.restriction.delayDuration', 'billing.admin.messages.delayDuration'],
      ['features.0.restriction.sourceIds', 'billing.admin.messages.sourceIds'],
    ]);
    const unpaired = createPlanFormSchema(PLAN).safeParse({ ...values, trialDuration: '14', trialUnit: '' });
    expect(issuesOf(unpaired)).toEqual([['trialUnit', 'billing.admin.messages.trialPair']]);
  });

  it('names the field of an API issue, the plan’s place in the payload left out', () => {
    expect(
      [
        'plans.0.annualFee',
        'plans.0.features.0.planFeatureConfig.clientThreshold',
        'plans.0.features.1.restriction.sourceIds.2',
        'plans.0.detailDescription.detailDescriptions.0.detailDescription',
        'plans.0.name',
      ].map(planFormFieldOf),
    ).toEqual([
      'annualFee',
      'features.0.clientThreshold',
      'features.1.restriction.sourceIds',
      'detailDescriptions.0.detailDescription',
      null,
    ]);
  });
});
