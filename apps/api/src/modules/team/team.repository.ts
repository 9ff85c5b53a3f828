import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { activeMemberOf, listActiveMembers } from '../../db/members.ts';
import { companies, companyInvites, companyMembers, users } from '../../db/schema.ts';
import type { CompanyRole } from '../../lib/authz.ts';
import { INVITE_REPEAT_WINDOW_MS } from '../../lib/invites.ts';

type InviteRole = (typeof companyInvites.$inferInsert)['role'];

/** Every function takes the company id the caller was authorised for (lib/authz). */
function queries(db: DbExecutor) {
  /** The company's invite, while nobody has accepted it. */
  const pendingInvite = (companyId: number, inviteId: number) =>
    and(
      eq(companyInvites.id, inviteId),
      eq(companyInvites.companyId, companyId),
      isNull(companyInvites.acceptedAt),
    );
  /** The company's invites of an address, while nobody has accepted them. */
  const pendingInviteOf = (companyId: number, email: string) =>
    and(
      eq(companyInvites.companyId, companyId),
      eq(companyInvites.email, email),
      isNull(companyInvites.acceptedAt),
    );
  return {
    async findCompanyName(companyId: number) {
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.name ?? null;
    },

    /** The language a user reads the app in (what their invitations are written in). */
    async findUserLanguage(userId: number) {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language ?? null;
    },

    async listMembers(companyId: number) {
      return listActiveMembers(db, companyId);
    },

    async listPendingInvites(companyId: number) {
      return db
        .select({
          id: companyInvites.id,
          email: companyInvites.email,
          role: companyInvites.role,
          createdAt: companyInvites.createdAt,
          expiresAt: companyInvites.expiresAt,
          inviterFirstName: users.firstName,
          inviterLastName: users.lastName,
        })
        .from(companyInvites)
        .leftJoin(users, eq(users.id, companyInvites.invitedBy))
        .where(and(eq(companyInvites.companyId, companyId), isNull(companyInvites.acceptedAt)))
        .orderBy(asc(companyInvites.createdAt), asc(companyInvites.id));
    },

    /** The membership row, banned or not. */
    async findMembership(companyId: number, userId: number) {
      const [row] = await db
        .select({ role: companyMembers.role, bannedAt: companyMembers.bannedAt })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
      return row ?? null;
    },

    async findUserIdByEmail(email: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row?.id ?? null;
    },

    /** One statement: never the owner's row, so a concurrent transfer cannot leave two owners or none. */
    async setRoleUnlessOwner(companyId: number, userId: number, role: CompanyRole) {
      const rows = await db
        .update(companyMembers)
        .set({ role })
        .where(and(activeMemberOf(companyId, userId), ne(companyMembers.role, 'Company Owner')))
        .returning({ userId: companyMembers.userId });
      return rows.length === 1;
    },

    async setRole(companyId: number, userId: number, role: CompanyRole) {
      await db.update(companyMembers).set({ role }).where(activeMemberOf(companyId, userId));
    },

    /** The company's member rows, locked until the transaction ends (ownership moves one at a time). */
    async lockMembers(companyId: number) {
      return db
        .select({ userId: companyMembers.userId, role: companyMembers.role })
        .from(companyMembers)
        .where(activeMemberOf(companyId))
        .for('update');
    },

    /** A removed member stays as a banned row for good (spec 3 §6); never the owner. */
    async banUnlessOwner(companyId: number, userId: number, at: Date) {
      const rows = await db
        .update(companyMembers)
        .set({ bannedAt: at })
        .where(and(activeMemberOf(companyId, userId), ne(companyMembers.role, 'Company Owner')))
        .returning({ userId: companyMembers.userId });
      return rows.length === 1;
    },

    async deleteMemberUnlessOwner(companyId: number, userId: number) {
      const rows = await db
        .delete(companyMembers)
        .where(and(activeMemberOf(companyId, userId), ne(companyMembers.role, 'Company Owner')))
        .returning({ userId: companyMembers.userId });
      return rows.length === 1;
    },

    async findPendingInvite(companyId: number, inviteId: number) {
      const [row] = await db.select().from(companyInvites).where(pendingInvite(companyId, inviteId));
      return row ?? null;
    },

    async insertInvite(values: {
      companyId: number;
      email: string;
      role: InviteRole;
      tokenHash: string;
      invitedBy: number;
      expiresAt: Date;
      createdAt: Date;
    }): Promise<boolean> {
      // A new invite for the same address replaces any pending one, so the list shows one row a person;
      // the address's lock keeps concurrent invites of it from each deleting before any inserts. The
      // same invite made again within the repeat window, while it is valid, stands instead (false: nothing to email).
      return db.transaction(async (tx) => {
        const key = `company-invite:${values.companyId}:${values.email}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        const [pending] = await tx
          .select({
            role: companyInvites.role,
            createdAt: companyInvites.createdAt,
            expiresAt: companyInvites.expiresAt,
          })
          .from(companyInvites)
          .where(pendingInviteOf(values.companyId, values.email))
          .orderBy(desc(companyInvites.createdAt))
          .limit(1);
        if (
          pending?.role === values.role &&
          pending.expiresAt > values.createdAt &&
          values.createdAt.getTime() - pending.createdAt.getTime() < INVITE_REPEAT_WINDOW_MS
        ) {
          return false;
        }
        await tx.delete(companyInvites).where(pendingInviteOf(values.companyId, values.email));
        await tx.insert(companyInvites).values(values);
        return true;
      });
    },

    /** A resend gets a new link; the old one stops working. Only while still pending. */
    async renewInvite(companyId: number, inviteId: number, tokenHash: string, expiresAt: Date, at: Date) {
      const rows = await db
        .update(companyInvites)
        .set({ tokenHash, expiresAt, createdAt: at })
        .where(pendingInvite(companyId, inviteId))
        .returning({ id: companyInvites.id });
      return rows.length === 1;
    },

    async deletePendingInvite(companyId: number, inviteId: number) {
      const rows = await db
        .delete(companyInvites)
        .where(pendingInvite(companyId, inviteId))
        .returning({ email: companyInvites.email });
      return rows[0] ?? null;
    },
  };
}

export function createTeamRepository(db: Db) {
  return {
    ...queries(db),
    transaction<T>(work: (tx: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx)));
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
