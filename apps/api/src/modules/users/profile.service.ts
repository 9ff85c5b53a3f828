import { randomInt } from 'node:crypto';
import {
  EMAIL_CHANGE_CODE_LENGTH,
  EMAIL_CHANGE_MAX_ATTEMPTS,
  EMAIL_CHANGE_TTL_MINUTES,
  PROFILE_FIELD_REFUSALS,
  PROFILE_REFUSALS,
  type ChangePasswordInput,
  type EulaAcceptance,
  type UpdateUserProfileInputSchema,
  type UserDetail,
} from '@trustleaf/domain/schemas/profile';
import { fieldIssue, type KeyedMessage } from '@trustleaf/domain/validation-issues';
import type { z } from 'zod';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword, sameHash, sha256, verifyPassword } from '../../lib/crypto.ts';
import { refusal, validationFailed } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { UsersRepository } from './users.repository.ts';
import { AUTH_REFUSALS, COMMON_REFUSALS } from '@trustleaf/domain/refusals';

const WINDOW_MS = 15 * 60 * 1000;
/** Password checks on a signed-in account (email and password changes), as sign-in failures per address. */
export const PASSWORD_CHECK_LIMIT = { limit: 5, windowMs: WINDOW_MS };
/** Codes sent for email changes per user per hour. */
export const EMAIL_CODES_PER_HOUR = 5;
const CODE_TTL_MS = EMAIL_CHANGE_TTL_MINUTES * 60 * 1000;

/** The email change code refused, on the code field. */
const codeInvalid = () => validationFailed([fieldIssue('code', PROFILE_FIELD_REFUSALS.codeInvalid)]);

const codeHash = (userId: number, newEmail: string, code: string) =>
  sha256(`email-change:${userId}:${newEmail}:${code}`);
export interface ProfileServiceDeps {
  repo: UsersRepository;
  limiter: AttemptLimiter;
  mailer: Mailer;
  clock: Clock;
  record: RecordActivity;
  /** Ends every sign-in of the user but `keepFamilyId`, live sockets included; returns how many. */
  revokeOtherSignIns: (userId: number, keepFamilyId: string, reason: string) => Promise<number>;
}

/** The account setting tab (spec 3 §2): one's own profile, email, password and devices. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { repo, limiter, clock, record } = deps;

  async function detail(userId: number): Promise<UserDetail> {
    const user = await repo.findUser(userId);
    if (!user) throw refusal('NOT_FOUND', COMMON_REFUSALS.userNotFound);
    return {
      plUserId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? '',
      preferredLanguage: user.language,
      pendingEmail: await repo.findPendingEmail(user.id, clock.now()),
    };
  }

  /**
   * The current password, checked with a slot taken first (as sign-in does), so guesses from a
   * stolen session are as limited as guesses at the sign-in page.
   */
  async function checkPassword(auth: AuthContext, password: string, field: string, wrong: KeyedMessage) {
    const key = `password-check:user:${auth.userId}`;
    const now = clock.now();
    if (!(await limiter.take(key, PASSWORD_CHECK_LIMIT, now))) {
      throw refusal('RATE_LIMITED', PROFILE_REFUSALS.tooManyPasswordAttempts);
    }
    const user = await repo.findUser(auth.userId);
    if (!user) throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw validationFailed([fieldIssue(field, wrong)]);
    }
    await limiter.giveBack(key, now);
    return user;
  }

  /** A fresh code for the new address (the last one stops working), within the hourly limit. */
  async function sendEmailChangeCode(userId: number, newEmail: string) {
    const now = clock.now();
    const perHour = { limit: EMAIL_CODES_PER_HOUR, windowMs: 3600_000 };
    if (!(await limiter.take(`email-change:send:${userId}`, perHour, now))) {
      throw refusal('RATE_LIMITED', PROFILE_REFUSALS.tooManyCodes);
    }
    const code = String(randomInt(0, 10 ** EMAIL_CHANGE_CODE_LENGTH)).padStart(EMAIL_CHANGE_CODE_LENGTH, '0');
    const hash = codeHash(userId, newEmail, code);
    await repo.saveEmailChange({
      userId,
      newEmail,
      codeHash: hash,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    await deps.mailer.send({
      to: newEmail,
      subject: 'Confirm your new Trustleaf email',
      text: `Hello,\n\nYour code to confirm this address for your Trustleaf account is ${code}. It expires in ${EMAIL_CHANGE_TTL_MINUTES} minutes.\n\nIf you did not ask for this, ignore this email.`,
      html: `<p>Hello,</p><p>Your code to confirm this address for your Trustleaf account is <strong>${code}</strong>. It expires in ${EMAIL_CHANGE_TTL_MINUTES} minutes.</p><p>If you did not ask for this, ignore this email.</p>`,
    });
  }

  return {
    async getUserDetail(auth: AuthContext, userId: number): Promise<UserDetail> {
      // Not-one's-own reads as not found, as other companies' ids do (lib/authz).
      if (userId !== auth.userId && !auth.isSuperAdmin)
        throw refusal('NOT_FOUND', COMMON_REFUSALS.userNotFound);
      return detail(userId);
    },

    /**
     * Spec 3 §7 acceptEula: the acceptance sign-up records (spec 1 §3), recorded again now, e.g. for
     * a user created without one (an import, an invitation) or shown a new agreement. The route's gate
     * has refused anyone but the user and super admins.
     */
    async acceptEula(userId: number): Promise<EulaAcceptance> {
      const row = await repo.acceptEula(userId, clock.now());
      if (!row) throw refusal('NOT_FOUND', COMMON_REFUSALS.userNotFound);
      return { plUserId: row.id, acceptedEula: true, acceptedEulaAt: row.acceptedEulaAt!.toISOString() };
    },

    async updateUserProfile(
      auth: AuthContext,
      input: z.output<typeof UpdateUserProfileInputSchema>,
    ): Promise<UserDetail> {
      await repo.updateProfile(auth.userId, {
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone || null,
        ...(input.preferredLanguage ? { language: input.preferredLanguage } : {}),
      });
      await record({ action: 'PROFILE_UPDATED', actorUserId: auth.userId });
      return detail(auth.userId);
    },

    /** A 6-digit code to the new address; the account keeps its email until the code comes back. */
    async requestEmailChange(
      auth: AuthContext,
      input: { newEmail: string; password: string },
    ): Promise<UserDetail> {
      if (input.newEmail === auth.email) {
        throw validationFailed([fieldIssue('newEmail', PROFILE_FIELD_REFUSALS.sameEmail)]);
      }
      await checkPassword(auth, input.password, 'password', PROFILE_FIELD_REFUSALS.passwordIncorrect);
      if (await repo.emailInUse(input.newEmail, auth.userId)) {
        throw refusal('CONFLICT', PROFILE_FIELD_REFUSALS.emailTaken);
      }
      await sendEmailChangeCode(auth.userId, input.newEmail);
      await record({
        action: 'EMAIL_CHANGE_REQUESTED',
        actorUserId: auth.userId,
        detail: { to: input.newEmail },
      });
      return detail(auth.userId);
    },

    /**
     * A super admin sends the code of a user's pending email change again (spec 3 §2 admin users:
     * resend verification); false when no address waits for its code.
     */
    async resendEmailChangeCode(userId: number): Promise<boolean> {
      const pending = await repo.findEmailChange(userId);
      if (!pending || pending.expiresAt <= clock.now()) return false;
      await sendEmailChangeCode(userId, pending.newEmail);
      return true;
    },

    /** Five tries per code (a new request starts a new count); the old address is told afterwards. */
    async confirmEmailChange(auth: AuthContext, code: string): Promise<UserDetail> {
      const pending = await repo.findEmailChange(auth.userId);
      const now = clock.now();
      if (!pending || pending.expiresAt <= now) {
        throw codeInvalid();
      }
      const attempts = { limit: EMAIL_CHANGE_MAX_ATTEMPTS, windowMs: CODE_TTL_MS };
      if (!(await limiter.take(`email-change:code:${pending.codeHash}`, attempts, now))) {
        throw refusal('RATE_LIMITED', PROFILE_REFUSALS.tooManyAttempts);
      }
      if (!sameHash(codeHash(auth.userId, pending.newEmail, code), pending.codeHash)) {
        throw codeInvalid();
      }
      const previous = auth.email;
      try {
        if (!(await repo.applyEmailChange(auth.userId, pending.codeHash, pending.newEmail))) {
          throw codeInvalid();
        }
      } catch (error) {
        if (isUniqueViolation(error)) throw refusal('CONFLICT', PROFILE_FIELD_REFUSALS.emailTaken);
        throw error;
      }
      await deps.mailer.send({
        to: previous,
        subject: 'Your Trustleaf email was changed',
        text: `Hello,\n\nThe email of your Trustleaf account was changed to ${pending.newEmail}. If this was not you, contact support at once.`,
        html: `<p>Hello,</p><p>The email of your Trustleaf account was changed to ${escapeHtml(pending.newEmail)}. If this was not you, contact support at once.</p>`,
      });
      await record({
        action: 'EMAIL_CHANGED',
        actorUserId: auth.userId,
        detail: { from: previous, to: pending.newEmail },
      });
      return detail(auth.userId);
    },

    /** The old password proves the person; every other sign-in ends (this one stays). */
    async changePassword(auth: AuthContext, input: ChangePasswordInput): Promise<{ signedOut: number }> {
      const user = await checkPassword(
        auth,
        input.oldPassword,
        'oldPassword',
        PROFILE_FIELD_REFUSALS.oldPasswordIncorrect,
      );
      const replaced = await repo.replacePassword(
        user.id,
        user.passwordHash,
        await hashPassword(input.newPassword),
      );
      if (!replaced) throw refusal('CONFLICT', PROFILE_REFUSALS.passwordChangedMeanwhile);
      const signedOut = await deps.revokeOtherSignIns(auth.userId, auth.familyId, 'password changed');
      await record({ action: 'PASSWORD_CHANGED', actorUserId: auth.userId, detail: { signedOut } });
      return { signedOut };
    },

    async signOutOtherDevices(auth: AuthContext): Promise<{ signedOut: number }> {
      const signedOut = await deps.revokeOtherSignIns(auth.userId, auth.familyId, 'signed out elsewhere');
      await record({ action: 'SIGNED_OUT_OTHER_DEVICES', actorUserId: auth.userId, detail: { signedOut } });
      return { signedOut };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
