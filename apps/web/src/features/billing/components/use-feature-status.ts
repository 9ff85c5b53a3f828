import { featureStatus, type FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { canManageCompany } from '@trustleaf/domain/rules/roles';
import type { CompanySubscriptionListing } from '@trustleaf/domain/schemas/billing';
import { actingCompanyOf, useAppStore, type AppState } from '@/stores/app-store';
import { useCompanySubscription } from '../api/get-company-subscription';

const LIVE = new Set(['NEW', 'TRIAL', 'AVAILABLE', 'PAYMENT_FAILED']);

export function liveSubscriptionOf(listing: CompanySubscriptionListing | undefined) {
  return listing?.companySubscriptions.find((s) => LIVE.has(s.status)) ?? null;
}

/** Company owners and admins (and the super admin) manage the company, its billing included. */
export function useCanManageCompany(): boolean {
  return useAppStore((state) => {
    const user = state.account.currentUser;
    return canManageCompany([
      ...(user?.roles.map((role) => role.name) ?? []),
      ...(user?.memberOfCompany?.roles ?? []),
    ]);
  });
}

/** Whether the signed-in user is the platform's super admin (a store selector). */
export const isSuperAdminOf = (state: AppState): boolean =>
  state.account.currentUser?.roles.some((r) => r.name === 'Super Admin') ?? false;

/**
 * Spec 1 §6: gating is bypassed only while a super admin views all companies; with one company
 * selected, its plan decides as it does for its members.
 */
export const viewsAllCompanies = (state: AppState): boolean =>
  isSuperAdminOf(state) && (state.account.currentAdminSelectedCompany?.plCompanyId ?? 0) === 0;

/** The company whose plan gates the features (null while a super admin views all companies). */
export const gatingCompanyId = (state: AppState): number | null =>
  viewsAllCompanies(state) ? null : (actingCompanyOf(state.account)?.plCompanyId ?? null);

export function useIsSuperAdmin(): boolean {
  return useAppStore(isSuperAdminOf);
}

/** The shared gating rule (packages/domain) applied to the current company's plan. */
export function useFeatureStatus(key: string, usage?: number): FeatureStatus | 'LOADING' {
  const allCompanies = useAppStore(viewsAllCompanies);
  const subscription = useCompanySubscription(useAppStore(gatingCompanyId));
  if (!allCompanies && subscription.isPending) return 'LOADING';
  const live = liveSubscriptionOf(subscription.data);
  return featureStatus(key, {
    features: subscription.data?.features ?? null,
    subscriptionStartedAt: live ? new Date(live.startedAt) : null,
    now: new Date(),
    usage,
    superAdminAllCompanies: allCompanies,
  });
}
