import { landingRouteForPlan } from '@trustleaf/domain/rules/landing';
import { paths } from '@/config/paths';
import { useScreenHidden } from '@/lib/template-screens';
import { useAppStore } from '@/stores/app-store';
import { useCompanySubscription } from '../api/get-company-subscription';
import { liveSubscriptionOf, useIsSuperAdmin } from './use-feature-status';

/**
 * Spec 3 §2 landing by plan. The plan comes from the subscription context (spec 3 §7: the company's
 * subscriptions), the same query the gating and the Subscription page use; a super admin, a user
 * without a company or a company without a live subscription lands on the fallback `/`, and so does
 * a plan whose landing is the directory when the site template turns the directory off.
 */
export function usePlanLanding(): { isPending: boolean; path: string } {
  const companyId = useAppStore((state) => state.account.currentCompany?.plCompanyId ?? null);
  const isSuperAdmin = useIsSuperAdmin();
  const subscription = useCompanySubscription(isSuperAdmin ? null : companyId);
  const directoryHidden = useScreenHidden('directory');
  if (isSuperAdmin || companyId === null) return { isPending: false, path: landingRouteForPlan(null) };
  if (subscription.isPending) return { isPending: true, path: landingRouteForPlan(null) };
  const live = liveSubscriptionOf(subscription.data);
  const path = landingRouteForPlan(live?.subscription.name);
  if (directoryHidden && path === paths.directory.companyDetail.getHref()) {
    return { isPending: false, path: landingRouteForPlan(null) };
  }
  return { isPending: false, path };
}
