import { and, asc, desc, eq, gte, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { managerContacts } from '../../db/members.ts';
import {
  companies,
  companyMembers,
  complianceFindingSnapshots,
  complianceFindings,
  mailOutbox,
  products,
  scanJobs,
  violationCheckMails,
  violationChecks,
  webcrawlerWebsites,
} from '../../db/schema.ts';

export type ScanJobRow = typeof scanJobs.$inferSelect & { companyName: string };
export type CheckRow = typeof violationChecks.$inferSelect;
export type FindingRow = typeof complianceFindings.$inferSelect;
export type NewFinding = Omit<typeof complianceFindings.$inferInsert, 'id' | 'checkId'>;
export type WebsiteRow = typeof webcrawlerWebsites.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

const FINISHED = ['completed', 'failed', 'cancelled'] as const;

/** Company-scoped functions take the company id the service authorised the caller for. */
export function createWebcrawlerRepository(db: Db) {
  const jobColumns = { job: scanJobs, companyName: companies.name };
  const withName = (rows: { job: typeof scanJobs.$inferSelect; companyName: string }[]): ScanJobRow[] =>
    rows.map((r) => ({ ...r.job, companyName: r.companyName }));

  return {
    // ---- scan jobs ----
    async insertJob(values: typeof scanJobs.$inferInsert) {
      await db.insert(scanJobs).values(values);
    },

    async findJob(id: string): Promise<ScanJobRow | null> {
      const rows = await db
        .select(jobColumns)
        .from(scanJobs)
        .innerJoin(companies, eq(companies.id, scanJobs.companyId))
        .where(eq(scanJobs.id, id));
      return withName(rows)[0] ?? null;
    },

    async listJobs(
      companyId: number,
      filter: { statuses?: readonly string[]; kind?: 'job' | 'productScanTask'; unfinished?: boolean },
    ) {
      const conditions = [eq(scanJobs.companyId, companyId)];
      if (filter.kind) conditions.push(eq(scanJobs.kind, filter.kind));
      if (filter.unfinished) conditions.push(notInArray(scanJobs.status, [...FINISHED]));
      if (filter.statuses && filter.statuses.length > 0) {
        // The API's "processing" covers both stored states of an unfinished scan.
        const stored = filter.statuses.flatMap((s) => (s === 'processing' ? ['queued', 'running'] : [s]));
        conditions.push(inArray(scanJobs.status, stored as (typeof scanJobs.$inferSelect)['status'][]));
      }
      const rows = await db
        .select(jobColumns)
        .from(scanJobs)
        .innerJoin(companies, eq(companies.id, scanJobs.companyId))
        .where(and(...conditions))
        .orderBy(desc(scanJobs.createdAt), desc(scanJobs.id))
        .limit(200);
      return withName(rows);
    },

    async countUnfinished(companyId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scanJobs)
        .where(and(eq(scanJobs.companyId, companyId), notInArray(scanJobs.status, [...FINISHED])));
      return row?.n ?? 0;
    },

    /**
     * Takes a scan for this worker: a queued scan, or a running one whose worker died (pg-boss hands
     * the job out again only after its heartbeat stopped). Finished scans are never taken again.
     */
    async claim(id: string, now: Date) {
      const [row] = await db
        .update(scanJobs)
        .set({
          status: 'running',
          attempts: sql`${scanJobs.attempts} + 1`,
          startedAt: sql`coalesce(${scanJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
          progressDone: 0,
          progressQueued: 0,
        })
        .where(and(eq(scanJobs.id, id), inArray(scanJobs.status, ['queued', 'running'])))
        .returning();
      return row ?? null;
    },

    /** Stores progress; tells the worker whether a cancel was asked for meanwhile. */
    async saveProgress(id: string, done: number, queued: number) {
      const [row] = await db
        .update(scanJobs)
        .set({ progressDone: done, progressQueued: queued })
        .where(and(eq(scanJobs.id, id), eq(scanJobs.status, 'running')))
        .returning({ cancelRequestedAt: scanJobs.cancelRequestedAt });
      return { stillRunning: Boolean(row), cancelRequested: Boolean(row?.cancelRequestedAt) };
    },

    async finishJob(
      id: string,
      status: 'failed' | 'cancelled',
      message: string,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(scanJobs)
        .set({ status, message, finishedAt: now })
        .where(and(eq(scanJobs.id, id), notInArray(scanJobs.status, [...FINISHED])))
        .returning({ id: scanJobs.id });
      return rows.length > 0;
    },

    /** A queued scan is cancelled at once; a running one is asked to stop (its worker records it). */
    async requestCancel(id: string, now: Date) {
      await db
        .update(scanJobs)
        .set({
          status: 'cancelled',
          message: 'Webcrawler is cancelled',
          finishedAt: now,
          cancelRequestedAt: now,
        })
        .where(and(eq(scanJobs.id, id), eq(scanJobs.status, 'queued')));
      await db
        .update(scanJobs)
        .set({ cancelRequestedAt: now })
        .where(and(eq(scanJobs.id, id), eq(scanJobs.status, 'running')));
    },

    // ---- results ----

    /** The latest stored check of the website (the scan being stored is not in yet). */
    async previousCheck(companyId: number, siteKey: string) {
      const [row] = await db
        .select()
        .from(violationChecks)
        .where(and(eq(violationChecks.companyId, companyId), eq(violationChecks.siteKey, siteKey)))
        .orderBy(desc(violationChecks.checkTime), desc(violationChecks.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Stores a scan's result once: the check is unique per scan job, so a retried or duplicated
     * delivery that finishes again finds it stored and changes nothing. Returns null then.
     */
    async storeResult(input: {
      job: { id: string; companyId: number; websiteId: number | null };
      check: Omit<typeof violationChecks.$inferInsert, 'id' | 'scanJobId' | 'companyId'>;
      findings: NewFinding[];
      now: Date;
      autoCreateProducts: { name: string; nameKey: string }[];
      /**
       * Runs in the same transaction once the result is stored: the re-scan email's outbox rows,
       * whose ids are recorded with the check.
       */
      afterStore?: (tx: DbExecutor, checkId: number) => Promise<number[]>;
    }): Promise<{ checkId: number } | null> {
      return db.transaction(async (tx) => {
        const [check] = await tx
          .insert(violationChecks)
          .values({ ...input.check, scanJobId: input.job.id, companyId: input.job.companyId })
          .onConflictDoNothing({ target: violationChecks.scanJobId })
          .returning({ id: violationChecks.id });
        if (!check) return null;
        if (input.findings.length > 0) {
          await tx
            .insert(complianceFindings)
            .values(input.findings.map((f) => ({ ...f, checkId: check.id })));
        }
        await tx
          .update(scanJobs)
          .set({ status: 'completed', violationCheckId: check.id, finishedAt: input.now, message: null })
          .where(eq(scanJobs.id, input.job.id));
        if (input.job.websiteId !== null) {
          await tx
            .update(webcrawlerWebsites)
            .set({ lastScanAt: input.now, lastViolationCheckId: check.id })
            .where(eq(webcrawlerWebsites.id, input.job.websiteId));
        }
        if (input.autoCreateProducts.length > 0) {
          await tx
            .insert(products)
            .values(
              input.autoCreateProducts.map((p) => ({
                companyId: input.job.companyId,
                name: p.name,
                nameKey: p.nameKey,
                source: 'SCAN' as const,
              })),
            )
            .onConflictDoNothing();
        }
        const outboxIds = (await input.afterStore?.(tx, check.id)) ?? [];
        if (outboxIds.length > 0) {
          await tx
            .insert(violationCheckMails)
            .values(outboxIds.map((outboxId) => ({ checkId: check.id, outboxId })));
        }
        return { checkId: check.id };
      });
    },

    /** The outbox rows of the scan job's stored check not sent yet (its re-scan email). */
    async unsentCheckMails(scanJobId: string) {
      const rows = await db
        .select({ outboxId: violationCheckMails.outboxId })
        .from(violationCheckMails)
        .innerJoin(violationChecks, eq(violationChecks.id, violationCheckMails.checkId))
        .innerJoin(mailOutbox, eq(mailOutbox.id, violationCheckMails.outboxId))
        .where(and(eq(violationChecks.scanJobId, scanJobId), ne(mailOutbox.status, 'SENT')))
        .orderBy(asc(violationCheckMails.outboxId));
      return rows.map((r) => r.outboxId);
    },

    /**
     * References stored snapshots from the check's findings, by position. False when the check is
     * gone (its company deleted meanwhile): the images are then the caller's to remove.
     */
    async storeSnapshots(
      checkId: number,
      companyId: number,
      byPosition: ReadonlyMap<number, { storageKey: string; bytes: number }>,
    ) {
      const findings = await db
        .select({ id: complianceFindings.id, position: complianceFindings.position })
        .from(complianceFindings)
        .where(and(eq(complianceFindings.checkId, checkId), eq(complianceFindings.companyId, companyId)));
      const rows = findings.flatMap((f) => {
        const stored = byPosition.get(f.position);
        return stored ? [{ findingId: f.id, companyId, ...stored }] : [];
      });
      if (rows.length === 0) return false;
      await db.insert(complianceFindingSnapshots).values(rows).onConflictDoNothing();
      return true;
    },

    /** Ids of the check's findings that have a stored snapshot. */
    async snapshotFindingIds(checkId: number) {
      const rows = await db
        .select({ findingId: complianceFindingSnapshots.findingId })
        .from(complianceFindingSnapshots)
        .innerJoin(complianceFindings, eq(complianceFindings.id, complianceFindingSnapshots.findingId))
        .where(eq(complianceFindings.checkId, checkId));
      return new Set(rows.map((r) => r.findingId));
    },

    /** A finding's snapshot, with the company that owns it (the service checks the caller's access). */
    async findSnapshot(findingId: number) {
      const [row] = await db
        .select({
          companyId: complianceFindingSnapshots.companyId,
          storageKey: complianceFindingSnapshots.storageKey,
        })
        .from(complianceFindingSnapshots)
        .where(eq(complianceFindingSnapshots.findingId, findingId));
      return row ?? null;
    },

    async listChecks(companyId: number, since: Date | null) {
      const conditions = [eq(violationChecks.companyId, companyId)];
      if (since) conditions.push(gte(violationChecks.checkTime, since));
      return db
        .select({
          check: violationChecks,
          total: sql<number>`count(${complianceFindings.id})::int`,
          violations: sql<number>`count(${complianceFindings.id}) filter (where not ${complianceFindings.isCompliant})::int`,
          high: sql<number>`count(${complianceFindings.id}) filter (where ${complianceFindings.severity} = 'HIGH')::int`,
          medium: sql<number>`count(${complianceFindings.id}) filter (where ${complianceFindings.severity} = 'MEDIUM')::int`,
          low: sql<number>`count(${complianceFindings.id}) filter (where ${complianceFindings.severity} = 'LOW')::int`,
          compliance: sql<number>`count(${complianceFindings.id}) filter (where ${complianceFindings.severity} = 'COMPLIANCE')::int`,
          newCount: sql<number>`count(${complianceFindings.id}) filter (where ${complianceFindings.isNew})::int`,
        })
        .from(violationChecks)
        .leftJoin(complianceFindings, eq(complianceFindings.checkId, violationChecks.id))
        .where(and(...conditions))
        .groupBy(violationChecks.id)
        .orderBy(desc(violationChecks.checkTime), desc(violationChecks.id))
        .limit(500);
    },

    async findCheck(companyId: number, checkId: number) {
      const [row] = await db
        .select({ check: violationChecks, companyName: companies.name })
        .from(violationChecks)
        .innerJoin(companies, eq(companies.id, violationChecks.companyId))
        .where(and(eq(violationChecks.id, checkId), eq(violationChecks.companyId, companyId)));
      return row ?? null;
    },

    async findingsOf(checkId: number) {
      return db
        .select()
        .from(complianceFindings)
        .where(eq(complianceFindings.checkId, checkId))
        .orderBy(asc(complianceFindings.position));
    },

    async findFinding(id: number) {
      const [row] = await db.select().from(complianceFindings).where(eq(complianceFindings.id, id));
      return row ?? null;
    },

    async updateFinding(
      id: number,
      values: Partial<Pick<FindingRow, 'severity' | 'isCompliant' | 'isReviewed'>>,
    ) {
      const [row] = await db
        .update(complianceFindings)
        .set(values)
        .where(eq(complianceFindings.id, id))
        .returning();
      return row ?? null;
    },

    async companiesOfFindings(ids: readonly number[]) {
      const rows = await db
        .selectDistinct({ companyId: complianceFindings.companyId })
        .from(complianceFindings)
        .where(inArray(complianceFindings.id, [...ids]));
      return rows.map((r) => r.companyId);
    },

    async countFindings(ids: readonly number[]) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(complianceFindings)
        .where(inArray(complianceFindings.id, [...ids]));
      return row?.n ?? 0;
    },

    async markReviewed(companyId: number, ids: readonly number[], isReviewed: boolean) {
      const rows = await db
        .update(complianceFindings)
        .set({ isReviewed })
        .where(and(eq(complianceFindings.companyId, companyId), inArray(complianceFindings.id, [...ids])))
        .returning({ id: complianceFindings.id });
      return rows.length;
    },

    /** Companies whose findings reference this image (the only images url-to-base64 serves). */
    async companiesReferencingImage(imageUrl: string) {
      const rows = await db
        .selectDistinct({ companyId: complianceFindings.companyId })
        .from(complianceFindings)
        .where(eq(complianceFindings.imageUrl, imageUrl))
        .limit(1000);
      return rows.map((r) => r.companyId);
    },

    async activeCompanyIdsOf(userId: number) {
      const rows = await db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.bannedAt)));
      return rows.map((r) => r.companyId);
    },

    async ownerAndAdminEmails(companyId: number, executor: DbExecutor = db) {
      return managerContacts(executor, companyId);
    },

    // ---- websites ----

    /**
     * Adds the website or updates it. `rescanEnabled` null keeps a stored website's setting (a scan
     * adding its site) and inserts with `insertEnabled`.
     */
    async upsertWebsite(input: {
      companyId: number;
      url: string;
      siteKey: string;
      rescanEnabled: boolean | null;
      insertEnabled: boolean;
      nextScanAt: Date;
    }) {
      const enabled = input.rescanEnabled ?? input.insertEnabled;
      const [row] = await db
        .insert(webcrawlerWebsites)
        .values({
          companyId: input.companyId,
          url: input.url,
          siteKey: input.siteKey,
          rescanEnabled: enabled,
          nextScanAt: enabled ? input.nextScanAt : null,
        })
        .onConflictDoUpdate({
          target: [webcrawlerWebsites.companyId, webcrawlerWebsites.siteKey],
          set:
            input.rescanEnabled === null
              ? { url: input.url }
              : {
                  url: input.url,
                  rescanEnabled: input.rescanEnabled,
                  nextScanAt: input.rescanEnabled
                    ? sql`coalesce(${webcrawlerWebsites.nextScanAt}, ${input.nextScanAt.toISOString()}::timestamptz)`
                    : null,
                },
        })
        .returning();
      return row!;
    },

    async listWebsites(companyId: number) {
      return db
        .select()
        .from(webcrawlerWebsites)
        .where(eq(webcrawlerWebsites.companyId, companyId))
        .orderBy(asc(webcrawlerWebsites.url), asc(webcrawlerWebsites.id));
    },

    async deleteWebsite(companyId: number, id: number) {
      const rows = await db
        .delete(webcrawlerWebsites)
        .where(and(eq(webcrawlerWebsites.companyId, companyId), eq(webcrawlerWebsites.id, id)))
        .returning({ id: webcrawlerWebsites.id });
      return rows.length > 0;
    },

    /** Websites due for their re-scan; each is moved to its next slot in the same statement. */
    async takeDueWebsites(now: Date, next: Date, limit: number) {
      return db
        .update(webcrawlerWebsites)
        .set({ nextScanAt: next })
        .where(
          sql`${webcrawlerWebsites.id} in (select id from ${webcrawlerWebsites} where ${webcrawlerWebsites.rescanEnabled} and ${webcrawlerWebsites.nextScanAt} <= ${now.toISOString()}::timestamptz order by ${webcrawlerWebsites.nextScanAt} limit ${limit} for update skip locked)`,
        )
        .returning();
    },

    async lastJobOptions(websiteId: number) {
      const [row] = await db
        .select({ options: scanJobs.options })
        .from(scanJobs)
        .where(and(eq(scanJobs.websiteId, websiteId), eq(scanJobs.kind, 'job')))
        .orderBy(desc(scanJobs.createdAt))
        .limit(1);
      return row?.options ?? null;
    },

    // ---- products ----

    async listProducts(companyId: number) {
      return db
        .select()
        .from(products)
        .where(eq(products.companyId, companyId))
        .orderBy(asc(products.name), asc(products.id));
    },

    async activeProductNames(companyId: number) {
      const rows = await db
        .select({ name: products.name })
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.status, 'ACTIVE')))
        .orderBy(asc(products.id));
      return rows.map((r) => r.name);
    },

    async insertProduct(values: typeof products.$inferInsert) {
      const [row] = await db.insert(products).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async updateProduct(
      companyId: number,
      id: number,
      values: Partial<Omit<ProductRow, 'id' | 'companyId' | 'source' | 'createdAt'>>,
    ) {
      const [row] = await db
        .update(products)
        .set(values)
        .where(and(eq(products.companyId, companyId), eq(products.id, id)))
        .returning();
      return row ?? null;
    },

    async findProduct(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.id, id)));
      return row ?? null;
    },

    async findProductByKey(companyId: number, nameKey: string) {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.nameKey, nameKey)));
      return row ?? null;
    },

    async deleteProduct(companyId: number, id: number) {
      const rows = await db
        .delete(products)
        .where(and(eq(products.companyId, companyId), eq(products.id, id)))
        .returning({ id: products.id });
      return rows.length > 0;
    },
  };
}

export type WebcrawlerRepository = ReturnType<typeof createWebcrawlerRepository>;
