import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, scanJobs } from '../../db/schema.ts';

export type ScanJobRow = typeof scanJobs.$inferSelect & { companyName: string };

const FINISHED = ['completed', 'failed', 'cancelled'] as const;

/** Scan jobs: queued, claimed by a worker, their progress, cancel and end. */
export function createScanJobsRepository(db: Db) {
  const jobColumns = { job: scanJobs, companyName: companies.name };
  const withName = (rows: { job: typeof scanJobs.$inferSelect; companyName: string }[]): ScanJobRow[] =>
    rows.map((r) => ({ ...r.job, companyName: r.companyName }));

  return {
    /**
     * Stores a queued scan. With `maxUnfinished`, only while the company has fewer unfinished scans:
     * the count and the insert hold the company's lock, so concurrent starts cannot pass the limit
     * together. False when the limit refused it.
     */
    async insertJob(values: typeof scanJobs.$inferInsert, maxUnfinished?: number): Promise<boolean> {
      if (maxUnfinished === undefined) {
        await db.insert(scanJobs).values(values);
        return true;
      }
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scan-jobs:${values.companyId}`}))`);
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(scanJobs)
          .where(and(eq(scanJobs.companyId, values.companyId), notInArray(scanJobs.status, [...FINISHED])));
        if ((row?.n ?? 0) >= maxUnfinished) return false;
        await tx.insert(scanJobs).values(values);
        return true;
      });
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
  };
}
