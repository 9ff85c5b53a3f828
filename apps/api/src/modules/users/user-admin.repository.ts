import type { UserListingRow } from '@trustleaf/domain/schemas/admin';
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, emailChanges, sessionFamilies, users } from '../../db/schema.ts';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The super admin's users screen: every user, whatever their company. */
export function createUserAdminRepository(db: Db) {
  const membership = db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, users.id), isNull(companyMembers.bannedAt)))
    .orderBy(companyMembers.createdAt)
    .limit(1)
    .as('membership');

  return {
    async listUsers(
      filter: { search?: string | undefined; status?: 'ACTIVE' | 'DISABLED' | undefined },
      page: { offset: number; limit: number; now: Date },
    ) {
      const conditions: SQL[] = [];
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(
          or(
            ilike(users.email, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          )!,
        );
      }
      if (filter.status === 'DISABLED') conditions.push(isNotNull(users.disabledAt));
      if (filter.status === 'ACTIVE') conditions.push(isNull(users.disabledAt));
      const where = and(...conditions);
      const [records, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            isSuperAdmin: users.isSuperAdmin,
            disabledAt: users.disabledAt,
            createdAt: users.createdAt,
            companyId: membership.companyId,
            role: membership.role,
            companyName: companies.name,
            pendingEmail: sql<string | null>`(SELECT ${emailChanges.newEmail} FROM ${emailChanges}
              WHERE ${emailChanges.userId} = ${users.id} AND ${emailChanges.expiresAt} > ${page.now})`,
            activeSessions: sql<number>`(SELECT count(*)::int FROM ${sessionFamilies}
              WHERE ${sessionFamilies.userId} = ${users.id} AND ${sessionFamilies.revokedAt} IS NULL)`,
          })
          .from(users)
          .leftJoinLateral(membership, sql`true`)
          .leftJoin(companies, eq(companies.id, membership.companyId))
          .where(where)
          .orderBy(desc(users.id))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      const items: UserListingRow[] = records.map((r) => ({
        plUserId: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        isSuperAdmin: r.isSuperAdmin,
        status: r.disabledAt ? 'DISABLED' : 'ACTIVE',
        plCompanyId: r.companyId,
        companyName: r.companyName,
        role: r.role,
        pendingEmail: r.pendingEmail,
        activeSessions: r.activeSessions,
        createdAt: r.createdAt.toISOString(),
      }));
      return { items, total: total?.total ?? 0 };
    },

    async findUser(userId: number) {
      const [row] = await db
        .select({ id: users.id, disabledAt: users.disabledAt, isSuperAdmin: users.isSuperAdmin })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async setDisabled(userId: number, disabledAt: Date | null) {
      await db.update(users).set({ disabledAt }).where(eq(users.id, userId));
    },
  };
}
export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
