import type { CompanyFilter, CompanyListingRow } from '@trustleaf/domain/schemas/admin';
import type { CompanyStatus } from '@trustleaf/domain/rules/company-status';
import { normalizeCompanyName } from '@trustleaf/domain/rules/sign-up';
import { and, desc, eq, ilike, lt, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listActiveMembers } from '../../db/members.ts';
import { normalizedCompanyName } from '../../db/company-name.ts';
import { listCompanyRows } from '../../db/company-rows.ts';
import {
  businessTypes,
  companies,
  companyLocations,
  companyMembers,
  companyOnboarding,
  companyRtqSubmissions,
  companySubscriptions,
  plans,
} from '../../db/schema.ts';

export type CompanyDetailValues = Pick<
  typeof companies.$inferInsert,
  | 'name'
  | 'businessTypeId'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'phone'
  | 'email'
  | 'website'
  | 'employees'
  | 'incorporationType'
  | 'taxId'
>;
export type LocationValues = Pick<
  typeof companyLocations.$inferInsert,
  'name' | 'siteType' | 'address' | 'city' | 'state' | 'zip' | 'country'
>;

const LIVE_SUBSCRIPTION = sql`${companySubscriptions.status} in ('NEW', 'TRIAL', 'AVAILABLE', 'PAYMENT_FAILED')`;

/** `%`, `_` and `\` match themselves in a name search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The live subscription's plan of the row's company (at most one, by a unique index). */
const livePlan = sql<{ id: number; name: string } | null>`(
  SELECT json_build_object('id', ${plans.id}, 'name', ${plans.name})
  FROM ${companySubscriptions} INNER JOIN ${plans} ON ${plans.id} = ${companySubscriptions.planId}
  WHERE ${companySubscriptions.companyId} = ${companies.id} AND ${LIVE_SUBSCRIPTION})`;

function filterConditions(filter: CompanyFilter): SQL[] {
  // The super admin's built-in company is not a customer.
  const conditions: SQL[] = [eq(companies.isSystem, false)];
  if (filter.search) conditions.push(ilike(companies.name, likePattern(filter.search)));
  if (filter.businessTypeId !== undefined)
    conditions.push(eq(companies.businessTypeId, filter.businessTypeId));
  if (filter.state !== undefined) conditions.push(eq(companies.state, filter.state));
  if (filter.status !== undefined) conditions.push(eq(companies.status, filter.status));
  if (filter.plPlanId !== undefined) {
    const live = sql`SELECT 1 FROM ${companySubscriptions} WHERE ${companySubscriptions.companyId} = ${companies.id} AND ${LIVE_SUBSCRIPTION}`;
    conditions.push(
      filter.plPlanId === 0
        ? not(sql`EXISTS (${live})`)
        : sql`EXISTS (${live} AND ${companySubscriptions.planId} = ${filter.plPlanId})`,
    );
  }
  return conditions;
}

/** Every function takes the company id the caller was authorised for (lib/authz). */
export function createCompaniesRepository(db: Db) {
  const listingColumns = {
    id: companies.id,
    name: companies.name,
    businessTypeId: companies.businessTypeId,
    businessType: businessTypes.name,
    state: companies.state,
    country: companies.country,
    kind: companies.kind,
    status: companies.status,
    createdAt: companies.createdAt,
    plan: livePlan,
    memberCount: sql<number>`(SELECT count(*)::int FROM ${companyMembers}
      WHERE ${companyMembers.companyId} = ${companies.id} AND ${companyMembers.bannedAt} IS NULL)`,
  };
  type ListingRecord = {
    id: number;
    name: string;
    businessTypeId: number | null;
    businessType: string | null;
    state: string | null;
    country: string | null;
    kind: CompanyListingRow['kind'];
    status: CompanyStatus;
    createdAt: Date;
    plan: { id: number; name: string } | null;
    memberCount: number;
  };
  const toRow = (r: ListingRecord): CompanyListingRow => ({
    plCompanyId: r.id,
    companyName: r.name,
    businessTypeId: r.businessTypeId,
    businessType: r.businessType,
    state: r.state,
    country: r.country,
    kind: r.kind,
    status: r.status,
    plPlanId: r.plan?.id ?? null,
    plan: r.plan?.name ?? null,
    memberCount: r.memberCount,
    createdAt: r.createdAt.toISOString(),
  });
  const listingQuery = (where: SQL | undefined) =>
    db
      .select(listingColumns)
      .from(companies)
      .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
      .where(where)
      .orderBy(desc(companies.id));

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
      const members = await listActiveMembers(db, companyId);
      return members.map(({ joinedAt: _joinedAt, ...member }) => member);
    },

    /** Newest first; the count is of the whole filtered set. */
    async listCompanies(filter: CompanyFilter, page: { offset: number; limit: number }) {
      const where = and(...filterConditions(filter));
      const [records, [total]] = await Promise.all([
        listingQuery(where).offset(page.offset).limit(page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(companies)
          .where(where),
      ]);
      return { items: (records as ListingRecord[]).map(toRow), total: total?.total ?? 0 };
    },

    async countCompanies(filter: CompanyFilter) {
      const [total] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(companies)
        .where(and(...filterConditions(filter)));
      return total?.total ?? 0;
    },

    /**
     * The filtered companies in batches, newest first (keyset on the id), so an export of any size
     * holds one batch in memory at a time.
     */
    async *eachCompanyBatch(filter: CompanyFilter, batchSize = 1000): AsyncGenerator<CompanyListingRow[]> {
      let before: number | null = null;
      for (;;) {
        const conditions = filterConditions(filter);
        if (before !== null) conditions.push(lt(companies.id, before));
        const records = (await listingQuery(and(...conditions)).limit(batchSize)) as ListingRecord[];
        if (records.length === 0) return;
        yield records.map(toRow);
        if (records.length < batchSize) return;
        before = records[records.length - 1]!.id;
      }
    },

    /** The member users of a company (banned ones have no sessions to end; they are included anyway). */
    async memberUserIds(companyId: number) {
      const rows = await db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId));
      return rows.map((row) => row.userId);
    },

    /** Compare-and-set, so two admins changing the status at once cannot both pass the move check. */
    async setStatus(companyId: number, from: CompanyStatus, to: CompanyStatus) {
      const rows = await db
        .update(companies)
        .set({ status: to })
        .where(and(eq(companies.id, companyId), eq(companies.status, from)))
        .returning({ id: companies.id });
      return rows.length === 1;
    },

    async findBusinessType(businessTypeId: number) {
      const [row] = await db.select().from(businessTypes).where(eq(businessTypes.id, businessTypeId));
      return row ?? null;
    },

    async setBusinessType(companyId: number, businessTypeId: number) {
      await db.update(companies).set({ businessTypeId }).where(eq(companies.id, companyId));
    },

    async segmentIds(companyId: number): Promise<number[]> {
      const [row] = await db
        .select({ segmentIds: companyOnboarding.segmentIds })
        .from(companyOnboarding)
        .where(eq(companyOnboarding.companyId, companyId));
      return row?.segmentIds ?? [];
    },

    /**
     * Saves the details unless another registered company in the same state has the same name
     * (normalizeCompanyName): the check and the write hold the name's lock, as sign-up's do, so two
     * saves of one name cannot both pass. False when it is a duplicate.
     */
    async saveDetail(companyId: number, values: CompanyDetailValues, segmentIds: number[]) {
      const key = normalizeCompanyName(values.name ?? '');
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${key}|${(values.state ?? '').toLowerCase()}`}))`,
        );
        const [taken] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(
            and(
              eq(companies.kind, 'REGISTERED'),
              ne(companies.id, companyId),
              sql`${normalizedCompanyName(companies.name)} = ${key}`,
              sql`lower(coalesce(${companies.state}, '')) = ${(values.state ?? '').toLowerCase()}`,
            ),
          )
          .limit(1);
        if (taken) return false;
        await tx.update(companies).set(values).where(eq(companies.id, companyId));
        await tx
          .insert(companyOnboarding)
          .values({ companyId, segmentIds })
          .onConflictDoUpdate({ target: companyOnboarding.companyId, set: { segmentIds } });
        return true;
      });
    },

    // ---- locations (every query names the company the caller was authorised for) ----

    /**
     * The company's RTQ submission, made now unless one exists: `created` says which, so two
     * submits at once record one (the primary key) and both answer it.
     */
    async submitRtq(companyId: number, userId: number, now: Date) {
      const [created] = await db
        .insert(companyRtqSubmissions)
        .values({ companyId, submittedBy: userId, submittedAt: now })
        .onConflictDoNothing()
        .returning();
      if (created) return { row: created, created: true };
      const [existing] = await db
        .select()
        .from(companyRtqSubmissions)
        .where(eq(companyRtqSubmissions.companyId, companyId));
      return { row: existing!, created: false };
    },

    async listLocations(companyId: number) {
      return listCompanyRows(db, companyLocations, companyId, companyLocations.name);
    },

    /** Adds the location unless the company already has `max`; null then. */
    async insertLocation(companyId: number, values: LocationValues, max: number) {
      return db.transaction(async (tx) => {
        // One adder at a time per company, so the count check holds.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`company_locations|${companyId}`}))`);
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(companyLocations)
          .where(eq(companyLocations.companyId, companyId));
        if ((counted?.n ?? 0) >= max) return null;
        const [row] = await tx
          .insert(companyLocations)
          .values({ ...values, companyId })
          .returning();
        return row!;
      });
    },

    async updateLocation(companyId: number, locationId: number, values: LocationValues) {
      const [row] = await db
        .update(companyLocations)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)))
        .returning();
      return row ?? null;
    },
  };
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
