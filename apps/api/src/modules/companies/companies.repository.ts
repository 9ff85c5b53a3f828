import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessTypes, companies, companyMembers, users } from '../../db/schema.ts';

/** Every function takes the company id the caller was authorised for (lib/authz). */
export function createCompaniesRepository(db: Db) {
  return {
    async findCompany(companyId: number) {
      const [row] = await db
        .select({ company: companies, businessType: businessTypes.name })
        .from(companies)
        .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
        .where(eq(companies.id, companyId));
      return row ?? null;
    },

    async listMembers(companyId: number) {
      return db
        .select({
          plUserId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: companyMembers.role,
        })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companyId), isNull(companyMembers.bannedAt)))
        .orderBy(asc(companyMembers.createdAt));
    },
  };
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
