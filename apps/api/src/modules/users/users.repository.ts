import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  businessTypes,
  companies,
  companyMembers,
  emailChanges,
  sessionFamilies,
  users,
} from '../../db/schema.ts';
import { liveSignIn } from '../../lib/authz.ts';
import type { AccessClaims } from '../../lib/tokens.ts';

const systemCompanies = alias(companies, 'system_company');

/**
 * getMyProfile runs on every page load, so it is one prepared statement: the sign-in must still be
 * live (not revoked) and, in the same round trip, the user, their oldest active membership, and the
 * company the profile shows: the membership's, or for a super admin the built-in company.
 */
export function createUsersRepository(db: Db) {
  const membership = db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, sessionFamilies.userId), isNull(companyMembers.bannedAt)))
    .orderBy(asc(companyMembers.createdAt))
    .limit(1)
    .as('membership');
  const systemCompanyId = db
    .select({ id: systemCompanies.id })
    .from(systemCompanies)
    .where(eq(systemCompanies.isSystem, true));
  const findProfile = db
    .select({
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isSuperAdmin: users.isSuperAdmin,
      },
      membershipCompanyId: membership.companyId,
      role: membership.role,
      // Flat, so a missing company reads as plain nulls.
      companyId: companies.id,
      companyName: companies.name,
      companyState: companies.state,
      companyCountry: companies.country,
      companyKind: companies.kind,
      companyStatus: companies.status,
      companyLogoUrl: companies.logoUrl,
      businessType: businessTypes.name,
    })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .leftJoinLateral(membership, sql`true`)
    .leftJoin(
      companies,
      eq(
        companies.id,
        sql`CASE WHEN ${users.isSuperAdmin} THEN (${systemCompanyId}) ELSE ${membership.companyId} END`,
      ),
    )
    .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
    .where(liveSignIn())
    .prepare('users_find_profile');

  return {
    /** Null when the sign-in was revoked (logout, reuse, removal) or the user is gone. */
    async findProfile(claims: AccessClaims) {
      const [row] = await findProfile.execute({ familyId: claims.familyId, userId: claims.userId });
      return row ?? null;
    },

    async setLanguage(userId: number, language: 'en' | 'fr' | 'de' | 'nl') {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },

    async findUser(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    /** The time of the user's acceptance of the licence agreement; null when there is no such user. */
    async acceptEula(userId: number, now: Date) {
      const [row] = await db
        .update(users)
        .set({ acceptedEulaAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id, acceptedEulaAt: users.acceptedEulaAt });
      return row ?? null;
    },

    async findPendingEmail(userId: number, now: Date) {
      const [row] = await db
        .select({ newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)));
      return row?.newEmail ?? null;
    },

    async updateProfile(
      userId: number,
      values: Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phone'> &
        Partial<Pick<typeof users.$inferInsert, 'language'>>,
    ) {
      await db.update(users).set(values).where(eq(users.id, userId));
    },

    async emailInUse(email: string, exceptUserId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, exceptUserId)));
      return Boolean(row);
    },

    /** One open change per user: a new request replaces the code of the last. */
    async saveEmailChange(values: typeof emailChanges.$inferInsert) {
      await db
        .insert(emailChanges)
        .values(values)
        .onConflictDoUpdate({ target: emailChanges.userId, set: values });
    },

    async findEmailChange(userId: number) {
      const [row] = await db.select().from(emailChanges).where(eq(emailChanges.userId, userId));
      return row ?? null;
    },

    /**
     * Moves the account to the new address and closes the request, in one transaction; false when the
     * request was used meanwhile (a concurrent confirmation). A taken address fails on the unique index.
     */
    async applyEmailChange(userId: number, codeHash: string, newEmail: string) {
      return db.transaction(async (tx) => {
        const closed = await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.userId, userId), eq(emailChanges.codeHash, codeHash)))
          .returning({ userId: emailChanges.userId });
        if (closed.length === 0) return false;
        await tx.update(users).set({ email: newEmail }).where(eq(users.id, userId));
        return true;
      });
    },

    /** Only if the password did not change since it was checked (a concurrent change wins). */
    async replacePassword(userId: number, previousHash: string, passwordHash: string) {
      const rows = await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, userId), eq(users.passwordHash, previousHash)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
