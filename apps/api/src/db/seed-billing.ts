import { sql } from 'drizzle-orm';
import { FEATURES, seededPlanDetail } from '@trustleaf/domain/reference/features';
import type { Db } from './client.ts';
import { features, planFeatures, plans } from './schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface SeedPlan {
  name: string;
  region: 'US' | 'CA';
  status: 'ACTIVE' | 'INACTIVE';
  monthly: number;
  annual: number;
  priority: number;
  skipPaywall?: boolean;
  trial?: { duration: number; unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR' };
  /** Feature keys granted; number features get the threshold. */
  grants: Record<string, number | true>;
}

const CORE = { q_vault: true, verified_seal: true, marketplace_access: true, community_forum: true } as const;
const PRO = {
  ...CORE,
  content_compliance_monitoring: true,
  compliance_rules: true,
  resolution_management: true,
  active_company_monitoring: 25,
  marketplace_publishing: true,
  custom_label_maker: true,
} as const;
const ENTERPRISE = {
  ...PRO,
  active_company_monitoring: 250,
  industry_research: true,
  analytics_benchmark: true,
  integrated_community: true,
  custom_banner_messaging: true,
  configurable_rtq: true,
  catalog_builder: true,
  sponsored_entities: true,
} as const;

/**
 * Demo prices (spec 3 §3 plan names). Annual is eleven monthly fees: one month free, which is what the
 * Yearly toggle's '(One Month Free)' (spec 2 §2) and its '(8% OFF)' (spec 3 §9) say.
 */
const PLANS: SeedPlan[] = [
  { name: 'Basic', region: 'US', status: 'ACTIVE', monthly: 49, annual: 539, priority: 1, grants: CORE },
  { name: 'Pro', region: 'US', status: 'ACTIVE', monthly: 149, annual: 1639, priority: 2, grants: PRO },
  {
    name: 'Enterprise',
    region: 'US',
    status: 'ACTIVE',
    monthly: 499,
    annual: 5489,
    priority: 3,
    trial: { duration: 14, unit: 'DAY' },
    grants: ENTERPRISE,
  },
  {
    name: 'Enterprise for Banking',
    region: 'US',
    status: 'INACTIVE',
    monthly: 999,
    annual: 10989,
    priority: 4,
    grants: { ...ENTERPRISE, banking_audit: true },
  },
  {
    name: 'Merchant Processor',
    region: 'US',
    status: 'INACTIVE',
    monthly: 799,
    annual: 8789,
    priority: 5,
    grants: { ...PRO, active_company_monitoring: 1000, transaction_discount: 100, discounts: true },
  },
  {
    name: 'Merchant Processor Client',
    region: 'US',
    status: 'INACTIVE',
    monthly: 0,
    annual: 0,
    priority: 6,
    skipPaywall: true,
    grants: { ...CORE, transaction_discount: 1 },
  },
  {
    name: 'CSAC Member',
    region: 'US',
    status: 'INACTIVE',
    monthly: 0,
    annual: 0,
    priority: 7,
    skipPaywall: true,
    grants: CORE,
  },
  { name: 'Silver', region: 'CA', status: 'ACTIVE', monthly: 39, annual: 429, priority: 1, grants: CORE },
  {
    name: 'Gold',
    region: 'CA',
    status: 'ACTIVE',
    monthly: 119,
    annual: 1309,
    priority: 2,
    trial: { duration: 1, unit: 'MONTH' },
    grants: PRO,
  },
  {
    name: 'Platinum',
    region: 'CA',
    status: 'ACTIVE',
    monthly: 399,
    annual: 4389,
    priority: 3,
    grants: ENTERPRISE,
  },
];

function describe(plan: SeedPlan) {
  return {
    title: plan.name,
    detailDescriptions: FEATURES.filter((f) => plan.grants[f.key] !== undefined).map((f) => ({
      shortDescription: f.name,
      detailDescription: seededPlanDetail(f.name, plan.name),
    })),
  };
}

/** Features are upserted on every start; plans only when missing, so super-admin edits persist. */
export async function seedBilling(tx: Tx): Promise<void> {
  await tx
    .insert(features)
    .values(
      FEATURES.map((f, index) => ({
        key: f.key,
        name: f.name,
        featureType: f.featureType,
        priority: index,
        isMenuSetting: true,
      })),
    )
    .onConflictDoUpdate({
      target: features.key,
      set: { name: sql`excluded.name`, featureType: sql`excluded.feature_type` },
    });
  const featureRows = await tx.select().from(features);
  for (const plan of PLANS) {
    const [row] = await tx
      .insert(plans)
      .values({
        name: plan.name,
        region: plan.region,
        status: plan.status,
        priority: plan.priority,
        monthlyFeeCents: plan.monthly * 100,
        annualFeeCents: plan.annual * 100,
        enableSkipPaywall: plan.skipPaywall ?? false,
        trialDuration: plan.trial?.duration ?? null,
        trialUnit: plan.trial?.unit ?? null,
        detailDescription: describe(plan),
      })
      .onConflictDoNothing()
      .returning({ id: plans.id });
    if (!row) continue;
    await tx.insert(planFeatures).values(
      featureRows.map((feature) => {
        const grant = plan.grants[feature.key];
        return {
          planId: row.id,
          featureId: feature.id,
          available: grant !== undefined,
          include: grant !== undefined,
          clientThreshold: typeof grant === 'number' ? grant : null,
          status: 'NON_INTERACTABLE' as const,
          restriction: null,
        };
      }),
    );
  }
}
