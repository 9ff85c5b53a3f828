/** `path?name=value&…` with the empty values left out. */
function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const pairs = Object.entries(query).filter((pair): pair is [string, string] => Boolean(pair[1]));
  if (pairs.length === 0) return path;
  return `${path}?${pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}

/** Every in-app URL comes from here (STYLE §3), so links and guards can't drift apart. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    /** `reason` says why the session ended (@trustleaf/domain/rules/session-end); the page shows it. */
    signIn: {
      path: '/auth/sign-in',
      getHref: (redirectUrl?: string | null, reason?: string | null) =>
        withQuery('/auth/sign-in', { redirectUrl, reason }),
    },
    signOut: {
      path: '/auth/sign-out',
      getHref: (redirectUrl?: string | null, reason?: string | null) =>
        withQuery('/auth/sign-out', { redirectUrl, reason }),
    },
    signUp: {
      path: '/auth/sign-up',
      getHref: (claimCode?: string | null) =>
        claimCode ? `/auth/sign-up?claimCode=${encodeURIComponent(claimCode)}` : '/auth/sign-up',
    },
    signUpPersonal: {
      path: '/auth/sign-up/personal',
      getHref: (inviteMemberCode?: string | null) =>
        inviteMemberCode
          ? `/auth/sign-up/personal?inviteMemberCode=${encodeURIComponent(inviteMemberCode)}`
          : '/auth/sign-up/personal',
    },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    resetPassword: {
      path: '/auth/reset-password',
      getHref: (token: string) => `/auth/reset-password?token=${encodeURIComponent(token)}`,
    },
  },
  createCompany: { path: '/create-company', getHref: () => '/create-company' },
  /** An invite link opened by a signed-in user (the email's link leads to sign-up first). */
  joinCompany: {
    path: '/join-company',
    getHref: (inviteToken: string) => `/join-company?inviteToken=${encodeURIComponent(inviteToken)}`,
  },
  /** The customer's company page (spec 3 §2 company page tabs), a tab chosen by `?tab=`. */
  companyPage: {
    path: '/company',
    getHref: (tab?: 'summary' | 'locations' | 'products' | 'vault' | 'report') =>
      tab ? `/company?tab=${tab}` : '/company',
  },
  /** The company's public trust profile settings (the public page itself is `/trust/<slug>`, server-rendered). */
  trustProfile: { path: '/company/trust-profile', getHref: () => '/company/trust-profile' },
  account: {
    /** The account tab set (spec 3 §2): member setting, account setting, activity log. */
    memberSetting: { path: '/account/member-setting', getHref: () => '/account/member-setting' },
    accountSetting: { path: '/account/account-setting', getHref: () => '/account/account-setting' },
    activityLog: { path: '/account/activity-log', getHref: () => '/account/activity-log' },
    subscription: {
      path: '/account/subscription',
      getHref: (openPaywall?: boolean) =>
        openPaywall ? '/account/subscription?paywall=1' : '/account/subscription',
    },
  },
  admin: {
    billing: { path: '/admin/billing', getHref: () => '/admin/billing' },
    /** System settings, reference data and imports (tabs: settings, reference, import). */
    platform: {
      path: '/admin/platform',
      getHref: (tab?: 'settings' | 'reference' | 'import') =>
        tab ? `/admin/platform?tab=${tab}` : '/admin/platform',
    },
    siteTemplates: { path: '/admin/site-templates', getHref: () => '/admin/site-templates' },
    companies: { path: '/admin/companies', getHref: () => '/admin/companies' },
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    transactions: { path: '/admin/transactions', getHref: () => '/admin/transactions' },
  },
  /** Query-carrying hrefs of the scanner pages are in @trustleaf/domain/rules/crawler-link (lazy pages only). */
  webcrawler: {
    path: '/webcrawler',
    getHref: () => '/webcrawler',
    /** The scanner page with a check's report open (the notices' and rows' View). */
    report: { getHref: (plViolationCheckId: number) => `/webcrawler?view=${plViolationCheckId}` },
    iframe: { path: '/webcrawler/iframe' },
  },
  /** Landing routes by plan (spec 3 §2; @trustleaf/domain/rules/landing). */
  dashboard: { main: { path: '/dashboard/main', getHref: () => '/dashboard/main' } },
  qMonitor: { path: '/qmonitor', getHref: () => '/qmonitor' },
  directory: {
    companyDetail: { path: '/directory/company-detail', getHref: () => '/directory/company-detail' },
  },
  documents: {
    company: { path: '/documents', getHref: () => '/documents' },
    review: { path: '/documents/review', getHref: () => '/documents/review' },
    admin: { path: '/admin/documents', getHref: () => '/admin/documents' },
  },
  dev: { mailbox: { path: '/dev/mailbox', getHref: () => '/dev/mailbox' } },
} as const;

/** Pages where a 401 must not bounce to sign-out again (spec 3 §2). */
export const SESSION_EXEMPT_PATHS: readonly string[] = [paths.auth.signIn.path, paths.auth.signOut.path];
