import { sessionTimerState, type SessionTimerState } from '@trustleaf/domain/rules/session-timer';
import type { SessionTokens } from '@/stores/app-store';

export interface SessionTimerDeps {
  getSession: () => SessionTokens | null;
  /** Swap the refresh cookie for a new access token; failures are reported by the API client. */
  refresh: () => Promise<void>;
  /** The session is over: go to sign-out (spec 3 §4). */
  expire: () => void;
  now?: () => number;
}

/**
 * Spec 3 §4 token rule, run against a local timer: the session is expired when the token's lifetime
 * minus the seconds since it arrived is below zero, and refreshed when fewer than the threshold remain.
 */
export function createSessionTimer(deps: SessionTimerDeps) {
  const now = deps.now ?? Date.now;
  let inFlight: Promise<void> | null = null;

  async function check(): Promise<SessionTimerState | 'signed-out'> {
    const session = deps.getSession();
    if (!session) return 'signed-out';
    const elapsedSeconds = (now() - session.receivedAt) / 1000;
    const state = sessionTimerState(session.expiresIn, elapsedSeconds);
    if (state === 'expired') {
      deps.expire();
    } else if (state === 'refresh') {
      // One refresh at a time: the server rotates the refresh token, so a second concurrent
      // call would present an already-used token and trip reuse detection.
      inFlight ??= deps.refresh().finally(() => {
        inFlight = null;
      });
      await inFlight.catch(() => undefined);
    }
    return state;
  }

  return { check };
}
