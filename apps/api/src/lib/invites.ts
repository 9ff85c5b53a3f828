import { newToken, sha256 } from './crypto.ts';

/** Member invitations (spec 1 §1 "An invited user registers with an invite token"): 7 days, single use. */
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
/**
 * An invite of an address that was invited with the same role this recently is the same invite (a
 * double click, a retried request, many sent at once): it stands, and no second email is sent. Later,
 * or with another role, the new invite replaces the pending one, whose emailed link stops working.
 */
export const INVITE_REPEAT_WINDOW_MS = 60_000;

/** Only the hash is stored: the emailed link is the credential. */
export const inviteTokenHash = (token: string) => sha256(`invite:${token}`);

/** A new invite token and the sign-up link that carries it, for an invite or its resend. */
export function newInviteLink(appUrl: string): { token: string; link: string } {
  const token = newToken();
  return { token, link: `${appUrl}/auth/sign-up/personal?inviteMemberCode=${encodeURIComponent(token)}` };
}
