import type { LoginInput, ResetPasswordInput, Session } from '@trustleaf/domain/schemas/auth';
import type { AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import type { TokenSigner } from '../../lib/tokens.ts';
import type { AuthRepository } from './auth.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const MAX_RESETS_PER_HOUR = 3;
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
export const BAD_CREDENTIALS = 'Email or password incorrect';

// Verifying against a real hash when the email is unknown keeps both paths equally slow.
const DUMMY_HASH = hashPassword('trustleaf-timing-equaliser');

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenSigner;
  mailer: Mailer;
  clock: Clock;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  appUrl: string;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, tokens, clock } = deps;

  async function issue(userId: number, familyId: string): Promise<Session> {
    const refreshToken = newToken();
    await repo.insertRefreshToken(
      familyId,
      sha256(refreshToken),
      new Date(clock.now().getTime() + deps.refreshTtlSeconds * 1000),
    );
    const accessToken = await tokens.sign({ userId, familyId }, deps.accessTtlSeconds);
    return { accessToken, refreshToken, expiresIn: deps.accessTtlSeconds };
  }

  return {
    async login(input: LoginInput, ip: string): Promise<Session> {
      const since = new Date(clock.now().getTime() - LOGIN_WINDOW_MS);
      const [byAccount, byIp] = await Promise.all([
        repo.countFailures('email', input.email, since),
        repo.countFailures('ip', ip, since),
      ]);
      if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byIp >= MAX_FAILURES_PER_IP) {
        throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
      }
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH));
      if (!user || !ok) {
        await repo.recordAttempt(input.email, ip, false, clock.now());
        throw new AppError('UNAUTHENTICATED', BAD_CREDENTIALS);
      }
      await repo.clearFailures(input.email);
      const familyId = await repo.createFamily(user.id);
      return issue(user.id, familyId);
    },

    /** Rotates the refresh token; presenting an already-used one revokes the whole sign-in. */
    async refresh(refreshToken: string | undefined): Promise<Session> {
      if (!refreshToken)
        throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      const hash = sha256(refreshToken);
      const now = clock.now();
      const consumed = await repo.consumeRefreshToken(hash, now);
      if (!consumed) {
        const reused = await repo.findUsedRefreshToken(hash);
        if (reused) await repo.revokeFamily(reused.familyId, 'refresh token reused', now);
        throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      }
      const family = await repo.findActiveFamily(consumed.familyId);
      if (!family) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      return issue(family.userId, consumed.familyId);
    },

    async logout(auth: AuthContext): Promise<void> {
      await repo.revokeFamily(auth.familyId, 'logout', clock.now());
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
      const recent = await repo.countRecentResets(user.id, new Date(now.getTime() - 3600_000));
      if (recent >= MAX_RESETS_PER_HOUR) return;
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
      if (!reset) throw new AppError('VALIDATION_FAILED', 'This reset link is invalid or has expired');
      await repo.setPassword(reset.userId, await hashPassword(input.password));
      await repo.revokeAllForUser(reset.userId, 'password reset', now);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
