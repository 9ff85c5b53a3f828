import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessTypes, companies, companyMembers, users } from '../../db/schema.ts';

export function createUsersRepository(db: Db) {
  return {
    async findUser(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    /** The oldest active membership is the user's company. */
    async findMembership(userId: number) {
      const [row] = await db
        .select({ company: companies, role: companyMembers.role, businessType: businessTypes.name })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
        .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.bannedAt)))
        .orderBy(asc(companyMembers.createdAt))
        .limit(1);
      return row ?? null;
    },

    async findSystemCompany() {
      const [row] = await db.select().from(companies).where(eq(companies.isSystem, true));
      return row ?? null;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
