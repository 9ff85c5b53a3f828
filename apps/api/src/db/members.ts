import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbExecutor } from './client.ts';
import { companyMembers, users } from './schema.ts';

/** The roles that manage a company and receive its emails. */
const MANAGER_ROLES = ['Company Owner', 'Company Admin'] as const;

/**
 * The company's active member rows (a removed member stays as a banned row, spec 3 §6); with a user
 * id, that user's row only.
 */
export function activeMemberOf(companyId: number, userId?: number): SQL {
  return and(
    eq(companyMembers.companyId, companyId),
    userId === undefined ? undefined : eq(companyMembers.userId, userId),
    isNull(companyMembers.bannedAt),
  )!;
}

/** The company's active members with their names, email and role, the earliest to join first. */
export function listActiveMembers(db: DbExecutor, companyId: number) {
  return db
    .select({
      plUserId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: companyMembers.role,
      joinedAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(activeMemberOf(companyId))
    .orderBy(asc(companyMembers.createdAt), asc(users.id));
}

/** Who receives the company's emails: its active owners and admins, with the language each reads. */
export function managerContacts(db: DbExecutor, companyId: number) {
  return db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(activeMemberOf(companyId), inArray(companyMembers.role, MANAGER_ROLES)))
    .orderBy(asc(users.id));
}
