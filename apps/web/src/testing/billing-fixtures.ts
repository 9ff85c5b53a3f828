import { FEATURES } from '@trustleaf/domain/reference/features';
import {
  CompanySubscriptionListingSchema,
  PlanSchema,
  type CompanySubscriptionListing,
  type Plan,
} from '@trustleaf/domain/schemas/billing';

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

/** A plan's features as the listing returns them: `grants` are granted, the rest carry `otherwise`. */
export function listingFor(
  grants: Record<string, true | number>,
  otherwise: 'NON_INTERACTABLE' | 'HIDDEN' = 'NON_INTERACTABLE',
): CompanySubscriptionListing {
  const now = new Date();
  return CompanySubscriptionListingSchema.parse({
    companySubscriptions: [
      {
        plCompanySubscriptionId: 1,
        status: 'AVAILABLE',
        paymentFrequency: 'MONTHLY',
        autoRenew: true,
        startedAt: now.toISOString(),
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: new Date(now.getTime() + 30 * 864e5).toISOString(),
        trialEndsAt: null,
        trialDuration: null,
        trialUnit: null,
        price: 49,
        promoCode: null,
        nextRetryAt: null,
        subscription: { plPlanId: 7, name: 'Test plan' },
      },
    ],
    metadata: { availablePlans: [] },
    appliedPromoCode: null,
    features: FEATURES.map((feature, index) => {
      const grant = grants[feature.key];
      return {
        plFeatureId: index + 1,
        key: feature.key,
        name: feature.name,
        featureType: feature.featureType,
        available: true,
        priority: index,
        isMenuSetting: true,
        planFeatureConfig: {
          available: grant !== undefined,
          include: grant !== undefined,
          clientThreshold: typeof grant === 'number' ? grant : null,
          status: otherwise,
        },
        restriction: null,
      };
    }),
  });
}
