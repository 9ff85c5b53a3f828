import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessTypes, companies, companyMembers, users } from '../../db/schema.ts';

/** getMyProfile runs on every page load, so its three reads are prepared statements. */
export function createUsersRepository(db: Db) {
  const findUser = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('users_find_user');
  // The oldest active membership is the user's company.
  const findMembership = db
    .select({ company: companies, role: companyMembers.role, businessType: businessTypes.name })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
    .where(and(eq(companyMembers.userId, sql.placeholder('userId')), isNull(companyMembers.bannedAt)))
    .orderBy(asc(companyMembers.createdAt))
    .limit(1)
    .prepare('users_find_membership');
  const findSystemCompany = db
    .select()
    .from(companies)
    .where(eq(companies.isSystem, true))
    .prepare('users_system_company');

  return {
    async findUser(userId: number) {
      const [row] = await findUser.execute({ userId });
      return row ?? null;
    },
    async findMembership(userId: number) {
      const [row] = await findMembership.execute({ userId });
      return row ?? null;
    },
    async findSystemCompany() {
      const [row] = await findSystemCompany.execute();
      return row ?? null;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
