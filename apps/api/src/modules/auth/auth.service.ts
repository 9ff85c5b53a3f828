import type { LoginInput, ResetPasswordInput, Session } from '@trustleaf/domain/schemas/auth';
import type { AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import {
  hashPassword,
  needsRehash,
  newToken,
  openWithToken,
  sealWithToken,
  sha256,
  verifyPassword,
} from '../../lib/crypto.ts';
import type { SessionEndReason } from '@trustleaf/domain/rules/session-end';
import { AUTH_REFUSALS, signInRateLimited } from '@trustleaf/domain/refusals';
import { COMPANY_SIGN_IN_REFUSED, companyAllowsSignIn } from '@trustleaf/domain/rules/company-status';
import type { KeyedMessage } from '@trustleaf/domain/validation-issues';
import { refusal, type AppError } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import type { TokenSigner } from '../../lib/tokens.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { AuthRepository } from './auth.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures from one address on one account before a delay: 2 min, then 4, 8, at most 15 (ASVS 2.2.1). */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const LOGIN_DELAY = { baseMs: 2 * 60 * 1000, maxMs: LOGIN_WINDOW_MS };
/**
 * Failures on one account from every address together (ASVS 2.2.1: at most 100 an hour). Reaching it
 * takes at least two addresses, since the delay above keeps one address to 20 in a window: an
 * attacker at one address cannot lock the owner out from another.
 */
export const MAX_FAILURES_PER_ACCOUNT = 25;
export const MAX_FAILURES_PER_IP = 30;
/** Two tabs refreshing with the same token within this time both get the pair the first one got. */
export const REFRESH_GRACE_MS = 10 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const MAX_RESETS_PER_HOUR = 3;

/** A refused refresh, with the reason the sign-in page shows (`details.reason`). */
function sessionEnded(reason: SessionEndReason): AppError {
  return refusal('UNAUTHENTICATED', AUTH_REFUSALS.sessionExpired, { reason });
}

const loginLimits = (email: string, ip: string) => ({
  accountAndIp: {
    key: `login:account+ip:${email}|${ip}`,
    rule: { limit: MAX_FAILURES_PER_ACCOUNT_AND_IP, windowMs: LOGIN_WINDOW_MS, delay: LOGIN_DELAY },
  },
  ip: { key: `login:ip:${ip}`, rule: { limit: MAX_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS } },
  account: {
    key: `login:account:${email}`,
    rule: { limit: MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS },
  },
});

// Verifying against a real hash when the email is unknown keeps both paths equally slow.
let dummyHash: Promise<string> | undefined;
const timingEqualiser = () => (dummyHash ??= hashPassword('trustleaf-timing-equaliser'));

export interface AuthServiceDeps {
  repo: AuthRepository;
  limiter: AttemptLimiter;
  tokens: TokenSigner;
  mailer: Mailer;
  clock: Clock;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  appUrl: string;
  record: RecordActivity;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, limiter, tokens, clock } = deps;

  async function newSession(userId: number, familyId: string): Promise<Session> {
    const accessToken = await tokens.sign({ userId, familyId }, deps.accessTtlSeconds);
    return { accessToken, refreshToken: newToken(), expiresIn: deps.accessTtlSeconds };
  }

  /** A disabled account, or one whose company is suspended or terminated, cannot sign in. */
  async function signInRefusal(user: {
    id: number;
    disabledAt: Date | null;
  }): Promise<{ reason: string; message: KeyedMessage } | null> {
    if (user.disabledAt) return { reason: 'user_disabled', message: AUTH_REFUSALS.accountDisabled };
    const status = await repo.currentCompanyStatus(user.id);
    if (status && !companyAllowsSignIn(status)) {
      return { reason: `company_${status.toLowerCase()}`, message: COMPANY_SIGN_IN_REFUSED[status]! };
    }
    return null;
  }

  const refreshExpiry = () => new Date(clock.now().getTime() + deps.refreshTtlSeconds * 1000);

  return {
    /**
     * Each attempt takes a slot from its counters before the password is checked, so concurrent
     * attempts cannot outrun the limits; a right password gives its slots back.
     */
    async login(input: LoginInput, ip: string, abandoned?: () => boolean): Promise<Session> {
      const limits = loginLimits(input.email, ip);
      const now = clock.now();
      for (const { key, rule } of [limits.accountAndIp, limits.ip, limits.account]) {
        if (await limiter.take(key, rule, now)) continue;
        // The refusal says how long: the counter's delay or window, in whole minutes (at least one).
        const reopensAt = await limiter.reopensAt(key);
        const waitMs = (reopensAt?.getTime() ?? now.getTime() + rule.windowMs) - now.getTime();
        throw refusal('RATE_LIMITED', signInRateLimited(Math.max(1, Math.ceil(waitMs / 60_000))));
      }
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await timingEqualiser()),
        abandoned,
      );
      if (!user || !ok) {
        // Failures on unknown emails are not kept: a flood of them would only fill the log.
        if (user) await deps.record({ action: 'SIGN_IN_FAILED', actorUserId: null, subjectUserId: user.id });
        throw refusal('UNAUTHENTICATED', AUTH_REFUSALS.invalidCredentials);
      }
      await Promise.all([
        limiter.forget(limits.accountAndIp.key),
        limiter.giveBack(limits.ip.key, now),
        limiter.giveBack(limits.account.key, now),
      ]);
      // Checked only after the password, so the answer says nothing about accounts to a guesser.
      const refused = user.isSuperAdmin ? null : await signInRefusal(user);
      if (refused) {
        await deps.record({
          action: 'SIGN_IN_FAILED',
          actorUserId: null,
          subjectUserId: user.id,
          detail: { reason: refused.reason },
        });
        throw refusal('FORBIDDEN', refused.message, { reason: refused.reason });
      }
      if (needsRehash(user.passwordHash)) {
        await repo.replacePasswordHash(user.id, user.passwordHash, await hashPassword(input.password));
      }
      const familyId = await repo.createFamily(user.id);
      const session = await newSession(user.id, familyId);
      await repo.insertRefreshToken(familyId, sha256(session.refreshToken), refreshExpiry());
      await deps.record({ action: 'SIGN_IN', actorUserId: user.id });
      return session;
    },

    /**
     * Rotates the refresh token. The token it replaces keeps the new pair, sealed with itself, so a
     * second refresh with it within REFRESH_GRACE_MS (another tab) gets that same pair; any later use
     * of a used token revokes the whole sign-in.
     */
    async refresh(refreshToken: string | undefined): Promise<Session> {
      if (!refreshToken) throw sessionEnded('expired');
      const hash = sha256(refreshToken);
      const now = clock.now();
      const current = await repo.findRefreshToken(hash);
      if (!current) throw sessionEnded('expired');
      if (!current.usedAt && current.expiresAt > now && current.active) {
        const session = await newSession(current.userId, current.familyId);
        const rotated = await repo.rotateRefreshToken({
          tokenHash: hash,
          now,
          successorSealed: sealWithToken(refreshToken, JSON.stringify(session)),
          successor: { tokenHash: sha256(session.refreshToken), expiresAt: refreshExpiry() },
        });
        if (rotated) return session;
      }
      // Used (perhaps by a concurrent request a moment ago), expired, or its sign-in revoked.
      const used = current.usedAt ? current : await repo.findRefreshToken(hash);
      if (used?.usedAt && used.active) {
        const sealed = used.successorSealed && openWithToken(refreshToken, used.successorSealed);
        if (sealed && now.getTime() - used.usedAt.getTime() <= REFRESH_GRACE_MS) {
          return JSON.parse(sealed) as Session;
        }
        await repo.revokeFamily(used.familyId, 'refresh token reused', now);
        throw sessionEnded('revoked');
      }
      throw sessionEnded(current.active && !used?.usedAt ? 'expired' : 'revoked');
    },

    async logout(auth: AuthContext): Promise<void> {
      await repo.revokeFamily(auth.familyId, 'logout', clock.now());
      await deps.record({ action: 'SIGN_OUT', actorUserId: auth.userId });
    },

    async accessTokenFor(auth: AuthContext): Promise<{ accessToken: string; expiresIn: number }> {
      const accessToken = await tokens.sign(
        { userId: auth.userId, familyId: auth.familyId },
        deps.accessTtlSeconds,
      );
      return { accessToken, expiresIn: deps.accessTtlSeconds };
    },

    /** Always succeeds, so the answer does not reveal which emails have accounts. */
    async requestResetPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      const now = clock.now();
      const perHour = { limit: MAX_RESETS_PER_HOUR, windowMs: 3600_000 };
      if (!(await limiter.take(`password-reset:user:${user.id}`, perHour, now))) return;
      const token = newToken();
      await repo.insertReset(user.id, sha256(token), new Date(now.getTime() + RESET_TTL_MS), now);
      const link = `${deps.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your Trustleaf password',
        text: `Hello ${user.firstName},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Use this link within one hour to choose a new password:</p><p><a href="${escapeHtml(link)}">Reset your password</a></p><p>If you did not ask for this, ignore this email.</p>`,
      });
    },

    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const now = clock.now();
      const reset = await repo.consumeReset(sha256(input.token), now);
      if (!reset) throw refusal('VALIDATION_FAILED', AUTH_REFUSALS.resetLinkInvalid);
      await repo.setPassword(reset.userId, await hashPassword(input.password));
      await repo.revokeAllForUser(reset.userId, 'password reset', now);
      await deps.record({ action: 'PASSWORD_RESET', actorUserId: reset.userId });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
