import { sessionTimerState, type SessionTimerState } from '@trustleaf/domain/rules/session-timer';
import type { SessionTokens } from '@/stores/app-store';

export interface SessionTimerDeps {
  getSession: () => SessionTokens | null;
  /**
   * Swap the refresh cookie for a new access token. The API client shares one attempt between all
   * callers and sends a session that is really over to sign-out with its reason.
   */
  refresh: () => Promise<unknown>;
  now?: () => number;
}

/** How often the wall clock is compared with the token's expiry; well under the refresh threshold. */
export const SESSION_CHECK_INTERVAL_MS = 15_000;

/**
 * Spec 3 §4 token rule, measured by the wall clock from when the token arrived: fewer than the
 * threshold's seconds left, or none, means refresh. An access token that ran out while the machine
 * slept is not the end of the session: the refresh token decides, so only a refused refresh signs
 * the user out.
 */
export function isAccessTokenStale(session: SessionTokens | null, now: number = Date.now()): boolean {
  if (!session) return false;
  return sessionTimerState(session.expiresIn, (now - session.receivedAt) / 1000) !== 'valid';
}

export function createSessionTimer(deps: SessionTimerDeps) {
  const now = deps.now ?? Date.now;

  async function check(): Promise<SessionTimerState | 'signed-out'> {
    const session = deps.getSession();
    if (!session) return 'signed-out';
    const state = sessionTimerState(session.expiresIn, (now() - session.receivedAt) / 1000);
    if (state !== 'valid') await deps.refresh().catch(() => undefined);
    return state;
  }

  /**
   * Checks on a timer and whenever the page may have been asleep: a sleeping machine runs no timers,
   * so waking (focus, a visible tab, the network back, a page restored from the cache) checks at once
   * against the wall clock. Spec 1 §2: the tab becoming visible refreshes the session timer.
   */
  function watch(
    win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'> = window,
    doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> = document,
  ): () => void {
    const onWake = () => {
      if (doc.visibilityState !== 'hidden') void check();
    };
    const events = ['focus', 'online', 'pageshow'] as const;
    for (const name of events) win.addEventListener(name, onWake);
    doc.addEventListener('visibilitychange', onWake);
    const id = win.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    void check();
    return () => {
      for (const name of events) win.removeEventListener(name, onWake);
      doc.removeEventListener('visibilitychange', onWake);
      win.clearInterval(id);
    };
  }

  return { check, watch };
}
