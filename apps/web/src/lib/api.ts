import { createApiClient } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notices';
import { createSessionTimer, isAccessTokenStale } from '@/lib/session-timer';
import { getAccessToken, useAppStore } from '@/stores/app-store';

type Navigate = (href: string) => void;

let navigate: Navigate = (href) => window.location.assign(href);

/** The router registers itself so redirects stay client-side; before that a full load does the job. */
export function setNavigator(next: Navigate): void {
  navigate = next;
}

/** Client-side navigation for code outside the router's components (lazy pages keep their chunks lean). */
export function navigateTo(href: string): void {
  navigate(href);
}

export const api = createApiClient({
  fetch: (...args) => fetch(...args),
  getToken: getAccessToken,
  getLocation: () => ({ pathname: window.location.pathname, search: window.location.search }),
  redirect: (href) => navigate(href),
  notifyFailure: (kind) => {
    notify(i18n.t(kind === 'network' ? 'errors.network' : 'errors.generic'), {
      variant: 'error',
      preventDuplicate: true,
    });
  },
  refreshSession: async (client) => {
    // The contract's schemas (and zod) load on first use, off the sign-in page's first load.
    const { refreshAccessToken } = await import('@trustleaf/domain/api/auth');
    const session = await client.call(refreshAccessToken, {}, { redirectOnUnauthorized: false });
    useAppStore.getState().setSession(session);
  },
  isTokenStale: () => isAccessTokenStale(useAppStore.getState().session),
});

export const sessionTimer = createSessionTimer({
  getSession: () => useAppStore.getState().session,
  refresh: () => api.refreshSession(),
});
