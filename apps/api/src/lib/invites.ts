import { newToken, sha256 } from './crypto.ts';
import type { RoleName } from '@trustleaf/domain/rules/roles';
import type { Language } from '@trustleaf/domain/rules/themes';
import { inviteMail } from '../modules/mail/accounts.templates.ts';
import { renderMail } from '../modules/mail/mail.templates.ts';
import type { OutgoingMail } from './mailer.ts';

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

/** A new token and the email that carries it, for an invite or its resend, in `language`. */
export function newInviteMail(input: {
  appUrl: string;
  email: string;
  companyName: string;
  role: RoleName;
  language: Language;
}): {
  token: string;
  mail: OutgoingMail;
} {
  const token = newToken();
  const link = `${input.appUrl}/auth/sign-up/personal?inviteMemberCode=${encodeURIComponent(token)}`;
  const { companyName, role } = input;
  return {
    token,
    mail: { to: input.email, ...renderMail(inviteMail, input.language, { companyName, role, link }) },
  };
}
