import type { FeatureValueType } from '../rules/feature-gating.ts';

/**
 * Feature keys that gate modules (spec 3 §6); plans grant them through plan-feature configuration.
 * `formerNames` are names the seed once gave a feature: plan descriptions written then still carry
 * them, and are still the seed's words.
 */
export const FEATURES: readonly {
  key: string;
  name: string;
  featureType: FeatureValueType;
  formerNames?: readonly string[];
}[] = [
  { key: 'active_company_monitoring', name: 'Active company monitoring and alerting', featureType: 'NUMBER' },
  { key: 'compliance_rules', name: 'Compliance module rules and regulations', featureType: 'BOOLEAN' },
  {
    key: 'content_compliance_monitoring',
    name: 'Active content compliance monitoring',
    featureType: 'BOOLEAN',
  },
  { key: 'resolution_management', name: 'Resolution management', featureType: 'BOOLEAN' },
  // Named as the menu and every language name the vault; the seed first wrote 'Q vault'.
  { key: 'q_vault', name: 'Q-Vault', featureType: 'BOOLEAN', formerNames: ['Q vault'] },
  { key: 'verified_seal', name: 'Verified seal', featureType: 'BOOLEAN' },
  { key: 'custom_banner_messaging', name: 'Custom banner messaging', featureType: 'BOOLEAN' },
  { key: 'marketplace_access', name: 'Marketplace access', featureType: 'BOOLEAN' },
  { key: 'marketplace_publishing', name: 'Publishing products to the marketplace', featureType: 'BOOLEAN' },
  { key: 'industry_research', name: 'Industry research and insights', featureType: 'BOOLEAN' },
  { key: 'analytics_benchmark', name: 'Analytics and benchmark data', featureType: 'BOOLEAN' },
  { key: 'integrated_community', name: 'Integrated community', featureType: 'BOOLEAN' },
  { key: 'custom_label_maker', name: 'Custom label maker', featureType: 'BOOLEAN' },
  { key: 'sponsored_entities', name: 'Sponsored entities', featureType: 'BOOLEAN' },
  { key: 'configurable_rtq', name: 'Configurable RTQ', featureType: 'BOOLEAN' },
  { key: 'catalog_builder', name: 'Catalog builder', featureType: 'BOOLEAN' },
  { key: 'banking_audit', name: 'Banking audit and onboarding', featureType: 'BOOLEAN' },
  { key: 'discounts', name: 'Discounts', featureType: 'BOOLEAN' },
  { key: 'transaction_discount', name: 'Q-Transact discount', featureType: 'NUMBER' },
  { key: 'community_forum', name: 'Community forum', featureType: 'BOOLEAN' },
];

/**
 * A plan's description of a feature it grants, as the seed writes it. The app shows a description that
 * still reads so in the reader's language; one a super admin edited reads as they wrote it.
 */
export function seededPlanDetail(featureName: string, planName: string): string {
  return `<p><strong>${featureName}</strong> is included in the ${planName} plan.</p>`;
}

/** The web crawler menu item and the scanner's actions are gated by this key. */
export const WEB_CRAWLER_FEATURE = 'content_compliance_monitoring';

/**
 * Spec 3 §2: feature flags gate the scanner's options: its two catalogue toggles (Product Comparison,
 * Automatically Creates New Products) and the additional words. The URL field is open to every company
 * (docs/decisions.md): scanning is how a new company meets the product, and what a plan buys is seeing
 * the issues, which the API refuses without WEB_CRAWLER_FEATURE.
 */
export const WEBCRAWLER_GATES = {
  toggles: 'marketplace_publishing',
  additionalWords: 'compliance_rules',
} as const;

/**
 * Menu sections (spec 3 §2) and the feature key (spec 3 §6) that gates each; null means the section
 * is open to every plan. The menu passes these keys to the one gating rule (`featureStatus`), so a
 * plan that does not grant a key shows its item locked, or hides it when the plan says so.
 */
export const MENU_FEATURES = {
  dashboard: null,
  directory: null,
  subscription: null,
  qMonitor: 'active_company_monitoring',
  qVault: 'q_vault',
  documentReview: 'q_vault',
  webCrawler: WEB_CRAWLER_FEATURE,
  qComply: 'compliance_rules',
  marketplace: 'marketplace_access',
  qReport: 'industry_research',
  myEnterprise: 'banking_audit',
  labelMaker: 'custom_label_maker',
  catalogBuilder: 'catalog_builder',
  communityForum: 'community_forum',
} as const satisfies Record<string, string | null>;
export type MenuSection = keyof typeof MENU_FEATURES;

export const PLAN_NAMES = [
  'Basic',
  'Pro',
  'Enterprise',
  'Enterprise for Banking',
  'Merchant Processor',
  'Merchant Processor Client',
  'Silver',
  'Gold',
  'Platinum',
  'CSAC Member',
] as const;
