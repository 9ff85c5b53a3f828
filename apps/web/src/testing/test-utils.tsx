import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MyProfileSchema, type MyProfile } from '@trustleaf/domain/schemas/auth';
import { SnackbarProvider } from 'notistack';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n } from '@/lib/i18n';
import { LiveContext } from '@/lib/live-provider';
import { buildTheme } from '@/lib/theme';
import { EMPTY_ACCOUNT, useAppStore } from '@/stores/app-store';
import type { FakeLive } from './fake-live';

/** A signed-in member of company 42 (an owner), unless a test passes its own profile. */
export const SIGNED_IN_PROFILE: MyProfile = MyProfileSchema.parse({
  currentUser: {
    plUserId: 7,
    firstName: 'Jo',
    lastName: 'Member',
    email: 'jo@example.test',
    roles: [],
    memberOfCompany: { plCompanyId: 42, roles: ['Owner'] },
  },
  currentCompany: {
    plCompanyId: 42,
    companyName: 'Acme Hemp',
    businessType: 'Retailer',
    state: 'CO',
    country: 'US',
    kind: 'NORMAL',
    status: 'ACTIVE',
    isOwner: true,
    resourcePhoto: null,
  },
});

export interface RenderAppOptions {
  /** The address the router starts at. */
  route?: string;
  /**
   * `signed-out` (no token, no account), `signed-in` (SIGNED_IN_PROFILE), or a profile to sign in
   * with. Left out, the store stays as the test set it (scan jobs, a selected company…).
   */
  session?: 'signed-out' | 'signed-in' | MyProfile;
  /** Query data already in the cache, as a screen finds it after an earlier load. */
  queryData?: readonly (readonly [QueryKey, unknown])[];
  /** Query defaults for this test (retries are always off). */
  staleTime?: number;
  queryClient?: QueryClient;
  /** A fake live channel (`createFakeLive()`) whose events reach the screen's listeners. */
  live?: FakeLive;
}

export function createTestQueryClient(staleTime = 0): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } },
  });
}

function applySession(session: RenderAppOptions['session']): void {
  if (!session) return;
  if (session === 'signed-out') {
    useAppStore.setState({ session: null, account: EMPTY_ACCOUNT });
    return;
  }
  const profile = session === 'signed-in' ? SIGNED_IN_PROFILE : session;
  useAppStore.setState({
    session: { accessToken: 'test-access-token', expiresIn: 3600, receivedAt: Date.now() },
    account: { ...EMPTY_ACCOUNT, currentUser: profile.currentUser, currentCompany: profile.currentCompany },
  });
}

/**
 * Renders a screen inside the app's providers (i18n, theme, TanStack Query, router, notices) with a
 * signed-in or signed-out session, and optionally a fake live channel. Requests go to the MSW
 * contract handlers (`@/testing/msw`).
 */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  applySession(options.session);
  const queryClient = options.queryClient ?? createTestQueryClient(options.staleTime);
  for (const [key, data] of options.queryData ?? []) queryClient.setQueryData(key, data);
  const live = { socket: options.live?.socket ?? null, isConnected: options.live !== undefined };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={buildTheme('default')}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>
            <LiveContext.Provider value={live}>
              <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
            </LiveContext.Provider>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}
