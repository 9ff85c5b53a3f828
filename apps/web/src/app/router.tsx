import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { EmptyLayout } from '@/components/layouts/empty-layout';
import { PageLoader } from '@/components/layouts/page-loader';
import { paths } from '@/config/paths';
import { setNavigator } from '@/lib/api';
import { loadMessages } from '@/lib/i18n';
import { inSteps } from '@/lib/steps';
import { useAppStore } from '@/stores/app-store';
import { RootRoute } from '@/app/routes/root';

/*
 * Only the empty layout ships in the entry; every page is a lazy chunk, and the signed-in app (layout,
 * live channel, pages) stays out of the sign-in page's first load. Declarative routes rather than the
 * data router: this shell uses no loaders or actions, and the data router alone costs about 15 KB gzip
 * of the sign-in page's 200 KB budget.
 */
const HomeRoute = lazy(() => import('@/app/routes/app/home').then((m) => ({ default: m.HomeRoute })));
const SubscriptionRoute = lazy(() =>
  import('@/app/routes/app/subscription').then((m) => ({ default: m.SubscriptionRoute })),
);
const AdminBillingRoute = lazy(() =>
  import('@/app/routes/app/admin-billing').then((m) => ({ default: m.AdminBillingRoute })),
);
const AdminPlatformRoute = lazy(() =>
  import('@/app/routes/app/admin-platform').then((m) => ({ default: m.AdminPlatformRoute })),
);
const SiteTemplatesRoute = lazy(() =>
  import('@/app/routes/app/site-templates').then((m) => ({ default: m.SiteTemplatesRoute })),
);
const AdminCompaniesRoute = lazy(() =>
  import('@/app/routes/app/admin-companies').then((m) => ({ default: m.AdminCompaniesRoute })),
);
const AdminUsersRoute = lazy(() =>
  import('@/app/routes/app/admin-companies').then((m) => ({ default: m.AdminUsersRoute })),
);
const AdminTransactionsRoute = lazy(() =>
  import('@/app/routes/app/admin-transactions').then((m) => ({ default: m.AdminTransactionsRoute })),
);
const DocumentsRoute = lazy(() =>
  import('@/app/routes/app/documents').then((m) => ({ default: m.DocumentsRoute })),
);
const DocumentReviewRoute = lazy(() =>
  import('@/app/routes/app/document-review').then((m) => ({ default: m.DocumentReviewRoute })),
);
const DocumentsAdminRoute = lazy(() =>
  import('@/app/routes/app/documents-admin').then((m) => ({ default: m.DocumentsAdminRoute })),
);
const MemberSettingRoute = lazy(() =>
  import('@/app/routes/app/member-setting').then((m) => ({ default: m.MemberSettingRoute })),
);
const AccountSettingRoute = lazy(() =>
  import('@/app/routes/app/account-setting').then((m) => ({ default: m.AccountSettingRoute })),
);
const ActivityLogRoute = lazy(() =>
  import('@/app/routes/app/activity-log').then((m) => ({ default: m.ActivityLogRoute })),
);
const JoinCompanyRoute = lazy(() =>
  import('@/app/routes/app/join-company').then((m) => ({ default: m.JoinCompanyRoute })),
);
const CompanyPageRoute = lazy(() =>
  import('@/app/routes/app/company-page').then((m) => ({ default: m.CompanyPageRoute })),
);
const TrustProfileRoute = lazy(() =>
  import('@/app/routes/app/trust-profile').then((m) => ({ default: m.TrustProfileRoute })),
);
/**
 * A lazy page whose code can be fetched ahead: a page written out at build time (src/prerender.tsx)
 * loads it before the app's first render, which then shows the page at once instead of a loader over
 * the page already on screen. Whether to wait is decided once, when the page mounts.
 */
function preloadablePage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
    });
  const LazyPage = lazy(() => load().then((module) => ({ default: pick(module) })));
  function Page(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <LazyPage {...props} />;
  }
  return Object.assign(Page, { preload });
}

const AppRoot = preloadablePage(
  () => Promise.all([import('@/app/routes/app/app-root'), loadMessages('app')]).then(([m]) => m),
  (m) => m.AppRoot,
);
const LandingPage = preloadablePage(
  () => import('@/app/routes/app/landing-pages'),
  (m) => m.LandingPage,
);
const WebcrawlerRoute = preloadablePage(
  () => import('@/app/routes/app/webcrawler'),
  (m) => m.WebcrawlerRoute,
);

const SignInRoute = preloadablePage(
  () => import('@/app/routes/auth/sign-in'),
  (m) => m.SignInRoute,
);
const SignOutRoute = lazy(() =>
  import('@/app/routes/auth/sign-out').then((m) => ({ default: m.SignOutRoute })),
);
const ForgotPasswordRoute = lazy(() =>
  import('@/app/routes/auth/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('@/app/routes/auth/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const SignUpRoute = preloadablePage(
  () => Promise.all([import('@/app/routes/auth/sign-up'), loadMessages('extra')]).then(([m]) => m),
  (m) => m.SignUpRoute,
);

/**
 * The signed-in pages written out as frames (src/app/routes/app/written-out-frames.tsx), with what the
 * app renders them with: the app renders over such a frame once all of it is loaded, so the frame is
 * replaced by the page itself and never by a loader.
 */
export const SIGNED_IN_FRAMES: Record<string, readonly { preload: () => Promise<void> }[]> = {
  [paths.dashboard.main.path]: [AppRoot, LandingPage],
  [paths.webcrawler.path]: [AppRoot, WebcrawlerRoute],
};

/** Loads what a prerendered page renders with, so that the app's first render matches it. */
export async function preloadPage(path: string): Promise<void> {
  const frame = SIGNED_IN_FRAMES[path];
  if (frame) {
    // The shell's messages are fetched meanwhile (the steps' files are linked in the frame).
    void loadMessages('app').catch(() => undefined);
    const shell = await import('@/app/shell-steps');
    await inSteps(shell.SHELL_STEPS);
    await Promise.all(frame.map((page) => page.preload()));
    return shell.firstAnswers(path);
  }
  const page = { [paths.auth.signIn.path]: SignInRoute, [paths.auth.signUp.path]: SignUpRoute }[path];
  await page?.preload();
}
const SignUpPersonalRoute = lazy(() =>
  import('@/app/routes/auth/sign-up').then((m) => ({ default: m.SignUpPersonalRoute })),
);
const CreateCompanyRoute = lazy(() =>
  import('@/app/routes/app/create-company').then((m) => ({ default: m.CreateCompanyRoute })),
);
const CrawlerIframeRoute = lazy(() =>
  import('@/app/routes/webcrawler/crawler-iframe').then((m) => ({ default: m.CrawlerIframeRoute })),
);
const NotFoundRoute = lazy(() =>
  import('@/app/routes/not-found').then((m) => ({ default: m.NotFoundRoute })),
);
const MailboxRoute = lazy(() =>
  Promise.all([import('@/app/routes/dev/mailbox'), loadMessages('app')]).then(([m]) => ({
    default: m.MailboxRoute,
  })),
);

/** Lets the API client redirect (401 → sign-out) without a full page load. */
function NavigatorBridge({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((href) => void navigate(href));
  }, [navigate]);
  return children;
}

/** An unknown page keeps the signed-in shell for a signed-in user and stays plain otherwise. */
function NotFoundLayout() {
  const hasSession = useAppStore((state) => state.session !== null);
  return hasSession ? <AppRoot /> : <EmptyLayout />;
}

export function AppRoutes() {
  return (
    <NavigatorBridge>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route element={<RootRoute />}>
            <Route path={paths.home.path} element={<AppRoot />}>
              <Route index element={<HomeRoute />} />
              <Route path={paths.createCompany.path} element={<CreateCompanyRoute />} />
              <Route path={paths.dashboard.main.path} element={<LandingPage page="dashboard" />} />
              <Route path={paths.qMonitor.path} element={<LandingPage page="qMonitor" />} />
              <Route
                path={paths.directory.companyDetail.path}
                element={<LandingPage page="companyDetail" />}
              />
              <Route path={paths.account.subscription.path} element={<SubscriptionRoute />} />
              <Route path={paths.account.memberSetting.path} element={<MemberSettingRoute />} />
              <Route path={paths.account.accountSetting.path} element={<AccountSettingRoute />} />
              <Route path={paths.account.activityLog.path} element={<ActivityLogRoute />} />
              <Route path={paths.joinCompany.path} element={<JoinCompanyRoute />} />
              <Route path={paths.admin.billing.path} element={<AdminBillingRoute />} />
              <Route path={paths.admin.platform.path} element={<AdminPlatformRoute />} />
              <Route path={paths.admin.siteTemplates.path} element={<SiteTemplatesRoute />} />
              <Route path={paths.admin.companies.path} element={<AdminCompaniesRoute />} />
              <Route path={paths.admin.users.path} element={<AdminUsersRoute />} />
              <Route path={paths.admin.transactions.path} element={<AdminTransactionsRoute />} />
              <Route path={paths.documents.company.path} element={<DocumentsRoute />} />
              <Route path={paths.documents.review.path} element={<DocumentReviewRoute />} />
              <Route path={paths.documents.admin.path} element={<DocumentsAdminRoute />} />
              <Route path={paths.webcrawler.path} element={<WebcrawlerRoute />} />
              <Route path={paths.companyPage.path} element={<CompanyPageRoute />} />
              <Route path={paths.trustProfile.path} element={<TrustProfileRoute />} />
            </Route>
            <Route element={<EmptyLayout />}>
              <Route path={paths.auth.signIn.path} element={<SignInRoute />} />
              <Route path={paths.auth.signOut.path} element={<SignOutRoute />} />
              <Route path={paths.auth.signUp.path} element={<SignUpRoute />} />
              <Route path={paths.auth.signUpPersonal.path} element={<SignUpPersonalRoute />} />
              <Route path={paths.auth.forgotPassword.path} element={<ForgotPasswordRoute />} />
              <Route path={paths.auth.resetPassword.path} element={<ResetPasswordRoute />} />
              <Route path={paths.webcrawler.iframe.path} element={<CrawlerIframeRoute />} />
            </Route>
            <Route element={<NotFoundLayout />}>
              <Route path="*" element={<NotFoundRoute />} />
            </Route>
            <Route path={paths.dev.mailbox.path} element={<MailboxRoute />} />
          </Route>
        </Routes>
      </Suspense>
    </NavigatorBridge>
  );
}
