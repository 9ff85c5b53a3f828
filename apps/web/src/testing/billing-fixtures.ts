import { PlanSchema, type Plan } from '@trustleaf/domain/schemas/billing';

/** A plan as the API lists it: Pro (id 3, $149 a month), card payments only, no trial, no features. */
export function testPlan(overrides: Partial<Plan> = {}): Plan {
  return PlanSchema.parse({
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
    detailDescription: { title: overrides.name ?? 'Pro', detailDescriptions: [] },
    features: [],
    ...overrides,
  });
}
