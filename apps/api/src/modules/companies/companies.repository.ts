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

    async findMember(companyId: number, userId: number) {
      const [row] = await db
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(
          and(
            eq(companyMembers.companyId, companyId),
            eq(companyMembers.userId, userId),
            isNull(companyMembers.bannedAt),
          ),
        );
      return row ?? null;
    },

    async banMember(companyId: number, userId: number, at: Date) {
      await db
        .update(companyMembers)
        .set({ bannedAt: at })
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    },
  };
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
