import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { PageLoader } from '@/components/layouts/page-loader';
import { paths } from '@/config/paths';
import { MainMenu } from '@/app/main-menu';
import { CompanySelector } from '@/features/admin-companies/components/company-selector';
import { getMyProfileQueryOptions, useMyProfile } from '@/features/auth/api/use-my-profile';
import { getCompanySubscriptionQueryOptions } from '@/features/billing/api/get-company-subscription';
import { usePlanLanding } from '@/features/billing/components/use-plan-landing';
import { gatingCompanyId, useIsSuperAdmin } from '@/features/billing/components/use-feature-status';
import { getGeneralInfoQueryOptions, useGeneralInfo } from '@/lib/general-info';
import { getSystemStatusQueryOptions } from '@/features/system/api/get-system-status';
import { MaintenanceBanner } from '@/features/system/components/maintenance-banner';
import { ScanNotices } from '@/features/webcrawler/components/scan-notices';
import { LiveProvider } from '@/lib/live-provider';
import { queryClient } from '@/lib/query-client';
import { reloadOnStaleBuild } from '@/lib/stale-build';
import { brandingCompanyId, ensureBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';

/**
 * The shell's first requests, with the options its hooks use (so none is asked twice): the profile,
 * the global lists, the platform's status, the plan that gates the menu and the pages, and the site
 * template. Under a written-out frame they are sent before the shell's first render, which then has
 * their answers (src/app/router.tsx): an answer arriving after it re-renders what reads it in one
 * task, and the plan's answer mounts a whole page. Settles when every one has (failures included).
 */
export function shellRequests(): Promise<unknown> {
  const state = useAppStore.getState();
  if (!state.session) return Promise.resolve();
  const plan = gatingCompanyId(state);
  return Promise.allSettled([
    queryClient.prefetchQuery(getMyProfileQueryOptions()),
    queryClient.prefetchQuery(getGeneralInfoQueryOptions()),
    queryClient.prefetchQuery(getSystemStatusQueryOptions()),
    plan ? queryClient.prefetchQuery(getCompanySubscriptionQueryOptions(plan)) : undefined,
    ensureBranding(brandingCompanyId(state)),
  ]);
}

/**
 * The protected part of the app: needs a session, keeps the account state fresh, owns the live channel.
 * It reads only flags of the store, and the queries it keeps going live in leaves that render nothing,
 * so their answers do not re-render the layout and the page (each would be one long task).
 */
export function AppRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasSession = useAppStore((state) => state.session !== null);
  const hasUser = useAppStore((state) => state.account.currentUser !== null);
  const hasCompany = useAppStore((state) => state.account.currentCompany !== null);
  const isSuperAdmin = useIsSuperAdmin();
  // A page opened after a deploy asks for the new build's files (src/lib/stale-build.ts).
  useEffect(() => reloadOnStaleBuild(), []);

  if (!hasSession) {
    return <Navigate to={paths.auth.signIn.getHref(`${location.pathname}${location.search}`)} replace />;
  }

  // A signed-in user without a company creates one first (spec 2 "Create Company dialog").
  if (hasUser && !hasCompany && !isSuperAdmin && location.pathname !== paths.createCompany.path) {
    return <Navigate to={paths.createCompany.getHref()} replace />;
  }

  const page = (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
  return (
    <LiveProvider>
      <AccountSync />
      {/* Spec 3 §2 "Scan progress notice": bottom-centre on every signed-in page. */}
      <ScanNotices
        onView={(job) =>
          void navigate(
            job.plViolationCheckId === null
              ? paths.webcrawler.getHref()
              : paths.webcrawler.report.getHref(job.plViolationCheckId),
          )
        }
      />
      <AppLayout
        nav={hasUser ? (state) => <MainMenu {...state} /> : undefined}
        banner={hasUser ? <MaintenanceBanner /> : null}
        header={isSuperAdmin ? <CompanySelector /> : undefined}
      >
        {!hasUser ? (
          <PageLoader />
        ) : location.pathname === paths.home.path ? (
          <HomeLanding>{page}</HomeLanding>
        ) : (
          page
        )}
      </AppLayout>
    </LiveProvider>
  );
}

/** Keeps the signed-in account fresh and loads the global lists of spec 3 §3 once for every screen. */
function AccountSync() {
  const profile = useMyProfile(true);
  useGeneralInfo();
  useEffect(() => {
    if (profile.data) useAppStore.getState().setProfile(profile.data);
  }, [profile.data]);
  return null;
}

/** `/` is where sign-in lands (spec 3 §2); a plan with a landing route of its own goes on from there. */
function HomeLanding({ children }: { children: ReactNode }) {
  const landing = usePlanLanding();
  if (landing.isPending) return <PageLoader />;
  if (landing.path !== paths.home.path) return <Navigate to={landing.path} replace />;
  return children;
}
