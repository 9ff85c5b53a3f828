import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { PageLoader } from '@/components/layouts/page-loader';
import '@/lib/app-message-keys';
import { paths } from '@/config/paths';
import { MainMenu } from '@/app/main-menu';
import { CompanySelector } from '@/features/admin-companies/components/company-selector';
import { useMyProfile } from '@/features/auth/api/use-my-profile';
import { usePlanLanding } from '@/features/billing/components/use-plan-landing';
import { useGeneralInfo } from '@/lib/general-info';
import { MaintenanceBanner } from '@/features/system/components/maintenance-banner';
import { ScanNotices } from '@/features/webcrawler/components/scan-notices';
import { LiveProvider } from '@/lib/live-provider';
import { useAppStore } from '@/stores/app-store';

/** The protected part of the app: needs a session, keeps the account state fresh, owns the live channel. */
export function AppRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasSession = useAppStore((state) => state.session !== null);
  const currentUser = useAppStore((state) => state.account.currentUser);
  const hasCompany = useAppStore((state) => state.account.currentCompany !== null);
  const profile = useMyProfile(hasSession);
  // The global lists of spec 3 §3, loaded once when the app opens and shared by every screen.
  useGeneralInfo();
  const landing = usePlanLanding();

  useEffect(() => {
    if (profile.data) useAppStore.getState().setProfile(profile.data);
  }, [profile.data]);

  if (!hasSession) {
    return <Navigate to={paths.auth.signIn.getHref(`${location.pathname}${location.search}`)} replace />;
  }

  // A signed-in user without a company creates one first (spec 2 "Create Company dialog").
  const isSuperAdmin = currentUser?.roles.some((role) => role.name === 'Super Admin') ?? false;
  if (currentUser && !hasCompany && !isSuperAdmin && location.pathname !== paths.createCompany.path) {
    return <Navigate to={paths.createCompany.getHref()} replace />;
  }

  // `/` is where sign-in lands (spec 3 §2); a plan with a landing route of its own goes on from there.
  const isHome = location.pathname === paths.home.path;
  if (isHome && currentUser && !landing.isPending && landing.path !== paths.home.path) {
    return <Navigate to={landing.path} replace />;
  }

  return (
    <LiveProvider>
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
        nav={currentUser ? (state) => <MainMenu {...state} /> : undefined}
        banner={currentUser ? <MaintenanceBanner /> : null}
        header={isSuperAdmin ? <CompanySelector /> : undefined}
      >
        {currentUser && !(isHome && landing.isPending) ? (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        ) : (
          <PageLoader />
        )}
      </AppLayout>
    </LiveProvider>
  );
}
