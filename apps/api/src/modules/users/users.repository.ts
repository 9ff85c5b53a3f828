import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { businessTypes, companies, companyMembers, sessionFamilies, users } from '../../db/schema.ts';
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
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
