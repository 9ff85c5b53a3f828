/**
 * The single source of feature access (spec 3 §4 and §6): the API refuses gated actions and the UI
 * wraps gated elements with the same answer, so the two cannot drift apart.
 */
export type FeatureStatus = 'NORMAL' | 'NON_INTERACTABLE' | 'HIDDEN';
export type DelayUnit = 'DAY' | 'WEEK' | 'MONTH';
export type FeatureValueType = 'NUMBER' | 'BOOLEAN';

export interface PlanFeatureConfig {
  available: boolean;
  include: boolean;
  /** Number features: enabled while the current count stays below it; null means not granted. */
  clientThreshold: number | null;
  /** How the feature shows when the plan does not grant it. */
  status: 'NON_INTERACTABLE' | 'HIDDEN';
}

export interface DelayedRestriction {
  delayDuration: number;
  delayUnit: DelayUnit;
  /** What an enabled feature turns into once the subscription start plus the delay has passed. */
  state: 'NON_INTERACTABLE' | 'HIDDEN';
}

export interface GatedFeature {
  key: string;
  featureType: FeatureValueType;
  available: boolean;
  planFeatureConfig: PlanFeatureConfig;
  restriction: DelayedRestriction | null;
}

export interface FeatureAccessContext {
  /** The features of the company's active plan; null when no subscription is active. */
  features: readonly GatedFeature[] | null;
  subscriptionStartedAt: Date | null;
  now: Date;
  /** A super admin looking at all companies (plCompanyId 0) sees everything. */
  superAdminAllCompanies?: boolean;
  /** Current count for number features (e.g. monitored companies). */
  usage?: number;
}

export function addDelay(start: Date, duration: number, unit: DelayUnit | 'YEAR'): Date {
  const date = new Date(start.getTime());
  if (unit === 'DAY') date.setUTCDate(date.getUTCDate() + duration);
  else if (unit === 'WEEK') date.setUTCDate(date.getUTCDate() + duration * 7);
  else if (unit === 'MONTH') return addMonthsClamped(start, duration);
  else return addMonthsClamped(start, duration * 12);
  return date;
}

/** Adds months keeping the day of month, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsClamped(start: Date, months: number): Date {
  const date = new Date(start.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

function isGranted(feature: GatedFeature, usage: number): boolean {
  const config = feature.planFeatureConfig;
  if (feature.featureType === 'NUMBER') {
    return config.clientThreshold !== null && config.clientThreshold > usage;
  }
  return feature.available && config.available && config.include;
}

/**
 * NORMAL, NON_INTERACTABLE or HIDDEN for one feature key. A feature the plan does not list (or no
 * active plan at all) is NON_INTERACTABLE, so the element stays visible and its upgrade prompt opens
 * the paywall; a plan hides an element only by saying so.
 */
export function featureStatus(key: string, context: FeatureAccessContext): FeatureStatus {
  if (context.superAdminAllCompanies) return 'NORMAL';
  const feature = context.features?.find((f) => f.key === key);
  if (!feature) return 'NON_INTERACTABLE';
  if (!isGranted(feature, context.usage ?? 0)) return feature.planFeatureConfig.status;
  const restriction = feature.restriction;
  if (restriction && context.subscriptionStartedAt) {
    const takesEffect = addDelay(
      context.subscriptionStartedAt,
      restriction.delayDuration,
      restriction.delayUnit,
    );
    if (context.now >= takesEffect) return restriction.state;
  }
  return 'NORMAL';
}

export const isFeatureUsable = (key: string, context: FeatureAccessContext): boolean =>
  featureStatus(key, context) === 'NORMAL';
