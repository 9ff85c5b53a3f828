import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, passwordResets, refreshTokens, sessionFamilies, users } from '../../db/schema.ts';

export function createAuthRepository(db: Db) {
  return {
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },

    async countFailures(by: 'email' | 'ip', value: string, since: Date): Promise<number> {
      const column = by === 'email' ? loginAttempts.email : loginAttempts.ip;
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)),
        );
      return row?.n ?? 0;
    },

    async recordAttempt(email: string, ip: string, succeeded: boolean, at: Date) {
      await db.insert(loginAttempts).values({ email, ip, succeeded, createdAt: at });
    },

    /** A successful sign-in clears the account's failure count (the IP's stays). */
    async clearFailures(email: string) {
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
    },

    async createFamily(userId: number) {
      const [row] = await db.insert(sessionFamilies).values({ userId }).returning({ id: sessionFamilies.id });
      return row!.id;
    },

    async insertRefreshToken(familyId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(refreshTokens).values({ familyId, tokenHash, expiresAt });
    },

    /** Marks the token used if it is still unused and unexpired; the single UPDATE makes it race-safe. */
    async consumeRefreshToken(tokenHash: string, now: Date) {
      const [row] = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning({ familyId: refreshTokens.familyId });
      return row ?? null;
    },

    async findUsedRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNotNull(refreshTokens.usedAt)));
      return row ?? null;
    },

    async findActiveFamily(familyId: string) {
      const [row] = await db
        .select({ userId: sessionFamilies.userId })
        .from(sessionFamilies)
        .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
      return row ?? null;
    },

    async revokeFamily(familyId: string, reason: string, at: Date) {
      await db
        .update(sessionFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
    },

    async revokeAllForUser(userId: number, reason: string, at: Date) {
      await db
        .update(sessionFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
    },

    async countRecentResets(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
      return row?.n ?? 0;
    },

    async insertReset(userId: number, tokenHash: string, expiresAt: Date, at: Date) {
      await db.insert(passwordResets).values({ userId, tokenHash, expiresAt, createdAt: at });
    },

    async consumeReset(tokenHash: string, now: Date) {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      return row ?? null;
    },

    async setPassword(userId: number, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
