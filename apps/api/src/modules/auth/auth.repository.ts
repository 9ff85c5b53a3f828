import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyMembers,
  passwordResets,
  refreshTokens,
  sessionFamilies,
  users,
} from '../../db/schema.ts';

export function createAuthRepository(db: Db) {
  return {
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },

    /** The status of the company the user acts for: their oldest active membership's (as getMyProfile). */
    async currentCompanyStatus(userId: number) {
      const [row] = await db
        .select({ status: companies.status })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.bannedAt)))
        .orderBy(asc(companyMembers.createdAt))
        .limit(1);
      return row?.status ?? null;
    },

    async createFamily(userId: number) {
      const [row] = await db.insert(sessionFamilies).values({ userId }).returning({ id: sessionFamilies.id });
      return row!.id;
    },

    async insertRefreshToken(familyId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(refreshTokens).values({ familyId, tokenHash, expiresAt });
    },

    /** The token with its sign-in; `active` is false once the sign-in was revoked. */
    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          familyId: refreshTokens.familyId,
          userId: sessionFamilies.userId,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          successorSealed: refreshTokens.successorSealed,
          active: isNull(sessionFamilies.revokedAt),
        })
        .from(refreshTokens)
        .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Marks the token used, if it is still unused and unexpired, and stores its successor, in one
     * transaction: a concurrent rotation of the same token waits for it, then finds the token used.
     */
    async rotateRefreshToken(input: {
      tokenHash: string;
      now: Date;
      successorSealed: string;
      successor: { tokenHash: string; expiresAt: Date };
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(refreshTokens)
          .set({ usedAt: input.now, successorSealed: input.successorSealed })
          .where(
            and(
              eq(refreshTokens.tokenHash, input.tokenHash),
              isNull(refreshTokens.usedAt),
              gt(refreshTokens.expiresAt, input.now),
            ),
          )
          .returning({ familyId: refreshTokens.familyId });
        if (!row) return false;
        await tx.insert(refreshTokens).values({ familyId: row.familyId, ...input.successor });
        return true;
      });
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

    /** Every open sign-in of the user; returns how many it ended. */
    async revokeAllForUser(userId: number, reason: string, at: Date) {
      const rows = await db
        .update(sessionFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
        .returning({ id: sessionFamilies.id });
      return rows.length;
    },

    /** Every sign-in of the user but one (the caller's); returns the ones it ended. */
    async revokeOthersForUser(userId: number, keepFamilyId: string, reason: string, at: Date) {
      const rows = await db
        .update(sessionFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(sessionFamilies.userId, userId),
            ne(sessionFamilies.id, keepFamilyId),
            isNull(sessionFamilies.revokedAt),
          ),
        )
        .returning({ id: sessionFamilies.id });
      return rows.map((row) => row.id);
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

    /** Replaces a hash made with older parameters, unless the password changed meanwhile. */
    async replacePasswordHash(userId: number, previous: string, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, userId), eq(users.passwordHash, previous)));
    },

    async setPassword(userId: number, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
