/**
 * Spec 3 §4 token rule: a session is expired when its lifetime minus the locally kept timer is below
 * zero; the access token is refreshed when the remaining time drops under the refresh threshold.
 */
export const REFRESH_THRESHOLD_SECONDS = 60;

export type SessionTimerState = 'expired' | 'refresh' | 'valid';

export function sessionTimerState(
  lifetimeSeconds: number,
  elapsedSeconds: number,
  thresholdSeconds = REFRESH_THRESHOLD_SECONDS,
): SessionTimerState {
  const remaining = lifetimeSeconds - elapsedSeconds;
  if (remaining < 0) return 'expired';
  if (remaining < thresholdSeconds) return 'refresh';
  return 'valid';
}
