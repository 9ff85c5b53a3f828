import { and, asc, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { managerContacts } from '../../db/members.ts';
import {
  companies,
  companyMembers,
  complianceFindings,
  mailOutbox,
  products,
  scanJobs,
  violationCheckMails,
  violationChecks,
  webcrawlerWebsites,
} from '../../db/schema.ts';

export type FindingRow = typeof complianceFindings.$inferSelect;
export type NewFinding = Omit<typeof complianceFindings.$inferInsert, 'id' | 'checkId'>;

/** Scan results: the checks, their findings and the people told of them. */
export function createScanResultsRepository(db: Db) {
  return {
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
          .set({
            status: 'completed',
            violationCheckId: check.id,
            finishedAt: input.now,
            message: null,
            // Progress is stored once a second while the scan runs: a finished scan reads every page done.
            progressDone: input.check.pagesScanned,
            progressQueued: input.check.pagesScanned,
          })
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
  };
}
