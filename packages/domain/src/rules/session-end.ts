/**
 * Why a session ended, as the refresh endpoint reports it in its 401 `details.reason` and the web
 * carries it through the sign-out redirect (`?reason=`) to the sign-in page, which says it in words.
 * `expired`: the refresh token ran out (or is unknown); `revoked`: the sign-in was ended elsewhere
 * (signed out on another device, password reset, or a refresh token used twice).
 */
export const SESSION_END_REASONS = ['expired', 'revoked'] as const;

export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
}
