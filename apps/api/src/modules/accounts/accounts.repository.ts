import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { normalizeCompanyName } from '@trustleaf/domain/rules/sign-up';
import type { Db, DbExecutor } from '../../db/client.ts';
import { normalizedCompanyName } from '../../db/company-name.ts';
import { containsPattern } from '../../db/like.ts';
import {
  companies,
  companyInvites,
  companyMembers,
  companyOnboarding,
  prospectImportJobs,
  prospects,
  signUpCodes,
  users,
} from '../../db/schema.ts';
import type { CompanyRole } from '../../lib/authz.ts';

export type CompanyInsert = typeof companies.$inferInsert;
type CompanyKind = NonNullable<CompanyInsert['kind']>;

const normalizedName = normalizedCompanyName(companies.name);

/** A prospect with its company, by its claim code's hash or its company. */
async function findProspect(db: DbExecutor, where: SQL) {
  const [row] = await db
    .select({ prospect: prospects, company: companies })
    .from(prospects)
    .innerJoin(companies, eq(companies.id, prospects.companyId))
    .where(where);
  return row ?? null;
}

function queries(db: DbExecutor) {
  return {
    /** The handle these queries run on, so another module's service can join the same transaction. */
    executor: db,

    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },

    // ---- sign-up codes ----
    async insertCode(email: string, codeHash: string, expiresAt: Date, now: Date) {
      await db.insert(signUpCodes).values({ email, codeHash, expiresAt, createdAt: now });
    },
    async latestCode(email: string) {
      const [row] = await db
        .select()
        .from(signUpCodes)
        .where(eq(signUpCodes.email, email))
        .orderBy(desc(signUpCodes.createdAt), desc(signUpCodes.id))
        .limit(1);
      return row ?? null;
    },
    /**
     * Takes one of the code's tries before it is compared, in one conditional statement: of N
     * concurrent guesses at most `maxTries` are compared. Null when the code has no tries left.
     */
    async takeCodeTry(id: number, maxTries: number): Promise<number | null> {
      const [row] = await db
        .update(signUpCodes)
        .set({ failedAttempts: sql`${signUpCodes.failedAttempts} + 1` })
        .where(
          and(
            eq(signUpCodes.id, id),
            isNull(signUpCodes.verifiedAt),
            sql`${signUpCodes.failedAttempts} < ${maxTries}`,
          ),
        )
        .returning({ failedAttempts: signUpCodes.failedAttempts });
      return row?.failedAttempts ?? null;
    },
    /** Atomic: a code verifies once; the right try is given back, so the column counts wrong ones. */
    async markVerified(id: number, now: Date) {
      const rows = await db
        .update(signUpCodes)
        .set({ verifiedAt: now, failedAttempts: sql`${signUpCodes.failedAttempts} - 1` })
        .where(and(eq(signUpCodes.id, id), isNull(signUpCodes.verifiedAt)))
        .returning({ id: signUpCodes.id });
      return rows.length === 1;
    },
    /** Whether a verified code waits for its registration (read only: the transaction consumes it). */
    async hasVerification(email: string, verifiedSince: Date) {
      const [row] = await db
        .select({ id: signUpCodes.id })
        .from(signUpCodes)
        .where(
          and(
            eq(signUpCodes.email, email),
            isNull(signUpCodes.consumedAt),
            gte(signUpCodes.verifiedAt, verifiedSince),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** Atomic: of two concurrent registrations only one consumes the verification. */
    async consumeVerification(email: string, verifiedSince: Date, now: Date) {
      const rows = await db
        .update(signUpCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(signUpCodes.email, email),
            isNull(signUpCodes.consumedAt),
            gte(signUpCodes.verifiedAt, verifiedSince),
          ),
        )
        .returning({ id: signUpCodes.id });
      return rows.length > 0;
    },

    // ---- users, companies, members ----
    async insertUser(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async insertCompany(values: CompanyInsert) {
      const [row] = await db.insert(companies).values(values).returning();
      return row!;
    },
    async updateCompany(id: number, values: Partial<CompanyInsert>) {
      await db.update(companies).set(values).where(eq(companies.id, id));
    },
    async insertOnboarding(values: typeof companyOnboarding.$inferInsert) {
      await db.insert(companyOnboarding).values(values).onConflictDoUpdate({
        target: companyOnboarding.companyId,
        set: values,
      });
    },
    async insertMember(companyId: number, userId: number, role: CompanyRole, now: Date) {
      await db.insert(companyMembers).values({ companyId, userId, role, createdAt: now });
    },
    /**
     * Holds the user's row until the transaction ends: a user belongs to one company, so two
     * concurrent creates or joins of one user must check and add the membership one after the other.
     */
    async lockUser(userId: number) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },
    async findActiveMembership(userId: number) {
      const [row] = await db
        .select()
        .from(companyMembers)
        .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.bannedAt)))
        .limit(1);
      return row ?? null;
    },
    async findMember(companyId: number, userId: number) {
      const [row] = await db
        .select()
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
      return row ?? null;
    },
    async deleteMember(companyId: number, userId: number) {
      await db
        .delete(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    },
    async findCompany(id: number) {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row ?? null;
    },
    /** Serialises the duplicate check of one name in one state until the transaction ends. */
    async lockCompanyName(key: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },

    // ---- listings ----
    async filterCompanies(input: {
      name: string;
      state: string;
      kinds: CompanyKind[];
      exact: boolean;
      limit: number;
      offset: number;
      excludeId?: number;
    }) {
      const conditions = [inArray(companies.kind, input.kinds)];
      if (input.exact) {
        conditions.push(sql`${normalizedName} = ${normalizeCompanyName(input.name)}`);
        if (input.state)
          conditions.push(sql`lower(coalesce(${companies.state}, '')) = ${input.state.toLowerCase()}`);
      } else {
        conditions.push(ilike(companies.name, containsPattern(input.name)));
      }
      if (input.excludeId) conditions.push(sql`${companies.id} <> ${input.excludeId}`);
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(companies)
          .where(where)
          .orderBy(asc(companies.name), asc(companies.id))
          .limit(input.limit)
          .offset(input.offset),
        db.select({ n: count() }).from(companies).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async searchOpenProspects(name: string, limit: number, offset: number) {
      const where = and(
        eq(companies.kind, 'PROSPECT'),
        isNull(prospects.claimedAt),
        ilike(companies.name, containsPattern(name)),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ company: companies })
          .from(companies)
          .innerJoin(prospects, eq(prospects.companyId, companies.id))
          .where(where)
          .orderBy(asc(companies.name), asc(companies.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(companies)
          .innerJoin(prospects, eq(prospects.companyId, companies.id))
          .where(where),
      ]);
      return { rows: rows.map((row) => row.company), total: total?.n ?? 0 };
    },

    // ---- prospects ----
    findProspectByClaimHash: (claimCodeHash: string) =>
      findProspect(db, eq(prospects.claimCodeHash, claimCodeHash)),
    findProspectByCompanyId: (companyId: number) => findProspect(db, eq(prospects.companyId, companyId)),
    /** Atomic: a prospect converts once. */
    async markProspectClaimed(companyId: number, userId: number, now: Date) {
      const rows = await db
        .update(prospects)
        .set({ claimedAt: now, claimedBy: userId })
        .where(and(eq(prospects.companyId, companyId), isNull(prospects.claimedAt)))
        .returning({ companyId: prospects.companyId });
      return rows.length === 1;
    },
    async insertProspect(values: typeof prospects.$inferInsert) {
      await db.insert(prospects).values(values);
    },
    async insertImportJob(csv: string, createdBy: number, now: Date) {
      const [row] = await db
        .insert(prospectImportJobs)
        .values({ csv, createdBy, createdAt: now })
        .returning({ id: prospectImportJobs.id });
      return row!.id;
    },
    async findImportJob(id: string) {
      const [row] = await db.select().from(prospectImportJobs).where(eq(prospectImportJobs.id, id));
      return row ?? null;
    },
    async updateImportJob(id: string, values: Partial<typeof prospectImportJobs.$inferInsert>) {
      await db.update(prospectImportJobs).set(values).where(eq(prospectImportJobs.id, id));
    },

    // ---- invites ----
    async insertInvite(values: typeof companyInvites.$inferInsert) {
      await db.insert(companyInvites).values(values);
    },
    async findInvite(tokenHash: string) {
      const [row] = await db
        .select({ invite: companyInvites, companyName: companies.name, inviter: users })
        .from(companyInvites)
        .innerJoin(companies, eq(companies.id, companyInvites.companyId))
        .leftJoin(users, eq(users.id, companyInvites.invitedBy))
        .where(eq(companyInvites.tokenHash, tokenHash));
      return row ?? null;
    },
    /** Atomic: an invitation is accepted once. */
    async acceptInvite(id: number, now: Date) {
      const rows = await db
        .update(companyInvites)
        .set({ acceptedAt: now })
        .where(and(eq(companyInvites.id, id), isNull(companyInvites.acceptedAt)))
        .returning({ id: companyInvites.id });
      return rows.length === 1;
    },
  };
}

export function createAccountsRepository(db: Db) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction with a repository bound to it. */
    transaction<T>(work: (tx: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx)));
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type AccountsQueries = ReturnType<typeof queries>;
