import { and, asc, eq, exists, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  complianceFindingSnapshots,
  complianceFindings,
  pendingSnapshotKeys,
  releasedSnapshotKeys,
  scanJobs,
  violationChecks,
} from '../../db/schema.ts';

/**
 * Moves pending snapshot keys (images a scan attempt wrote or was about to write) to
 * released_snapshot_keys, where the removal job finds them; a key a finding references is only
 * forgotten. One statement: a key is pending or released, never lost in between.
 */
async function releasePending(executor: DbExecutor, where: SQL | undefined): Promise<number> {
  const released = await executor.execute(sql`
    WITH gone AS (DELETE FROM ${pendingSnapshotKeys} WHERE ${where} RETURNING storage_key)
    INSERT INTO ${releasedSnapshotKeys} (storage_key)
    SELECT storage_key FROM gone
    WHERE NOT EXISTS (
      SELECT 1 FROM ${complianceFindingSnapshots} s WHERE s.storage_key = gone.storage_key
    )
    ON CONFLICT (storage_key) DO NOTHING
    RETURNING storage_key`);
  return released.rows.length;
}

/** The findings' page snapshots: rows referencing images in Storage, and the images whose rows went. */
export function createScanSnapshotsRepository(db: Db) {
  return {
    /** Records an image key before the attempt writes it to Storage (see pending_snapshot_keys). */
    async recordSnapshotKey(scanJobId: string, attempt: number, storageKey: string) {
      await db.insert(pendingSnapshotKeys).values({ scanJobId, attempt, storageKey });
    },

    /** Releases the pending images of the scan's attempts before `attempt` (they died in their pass). */
    async releaseEarlierSnapshotKeys(scanJobId: string, attempt: number) {
      return releasePending(
        db,
        and(eq(pendingSnapshotKeys.scanJobId, scanJobId), lt(pendingSnapshotKeys.attempt, attempt)),
      );
    },

    /**
     * Releases pending images older than any attempt runs (the scan's last attempt died in its
     * pass, so no later one releases them). An attempt still alive then finds its keys gone when it
     * stores its snapshots and removes its images itself.
     */
    async releaseStaleSnapshotKeys(olderThanSeconds: number) {
      return releasePending(
        db,
        lt(pendingSnapshotKeys.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      );
    },

    /**
     * Ends the snapshot pass of a scan that pg-boss gave up on (its last attempt died in the pass, or
     * failed taking it): no attempt will take the snapshots, so every image the scan's attempts
     * recorded is released for removal and its check no longer waits for them (its findings show
     * without images), in one transaction. Returns how many images were released.
     */
    async abandonSnapshots(scanJobId: string) {
      return db.transaction(async (tx) => {
        const released = await releasePending(tx, eq(pendingSnapshotKeys.scanJobId, scanJobId));
        await tx
          .update(violationChecks)
          .set({ snapshotsPending: false })
          .where(and(eq(violationChecks.scanJobId, scanJobId), eq(violationChecks.snapshotsPending, true)));
        return released;
      });
    },

    /**
     * Ends an attempt's snapshot pass, in one transaction: references its stored images from the
     * check's findings (by position), releases every other pending image of this and earlier
     * attempts of the scan, and clears the check's pending mark. Returns false when nothing was
     * referenced although images were written: the check is gone (its company deleted meanwhile)
     * or the attempt's keys were released by a later attempt or as stale. The caller then removes
     * its images itself (one released may already have been removed before it was written).
     */
    async settleSnapshots(input: {
      scanJobId: string;
      attempt: number;
      checkId: number;
      companyId: number;
      byPosition: ReadonlyMap<number, { storageKey: string; bytes: number }>;
      /** Every key the attempt wrote. */
      written: readonly string[];
    }): Promise<boolean> {
      const { scanJobId, checkId, companyId } = input;
      return db.transaction(async (tx) => {
        // The attempt's keys still pending, locked: a concurrent release waits, then skips them.
        const owned =
          input.written.length === 0
            ? []
            : await tx
                .select({ storageKey: pendingSnapshotKeys.storageKey })
                .from(pendingSnapshotKeys)
                .where(
                  and(
                    eq(pendingSnapshotKeys.scanJobId, scanJobId),
                    inArray(pendingSnapshotKeys.storageKey, [...input.written]),
                  ),
                )
                .for('update');
        let referenced = false;
        if (owned.length === input.written.length && input.byPosition.size > 0) {
          const findings = await tx
            .select({ id: complianceFindings.id, position: complianceFindings.position })
            .from(complianceFindings)
            .where(and(eq(complianceFindings.checkId, checkId), eq(complianceFindings.companyId, companyId)));
          const rows = findings.flatMap((f) => {
            const stored = input.byPosition.get(f.position);
            return stored ? [{ findingId: f.id, companyId, ...stored }] : [];
          });
          if (rows.length > 0) {
            await tx.insert(complianceFindingSnapshots).values(rows).onConflictDoNothing();
            referenced = true;
          }
        }
        await releasePending(
          tx,
          and(eq(pendingSnapshotKeys.scanJobId, scanJobId), lte(pendingSnapshotKeys.attempt, input.attempt)),
        );
        await tx
          .update(violationChecks)
          .set({ snapshotsPending: false })
          .where(eq(violationChecks.id, checkId));
        return referenced || input.written.length === 0;
      });
    },

    /**
     * Takes a completed scan whose snapshot pass did not finish (its worker died during it) for
     * another attempt at the snapshots; null when there is nothing to take.
     */
    async claimSnapshotPass(id: string) {
      const [row] = await db
        .update(scanJobs)
        .set({ attempts: sql`${scanJobs.attempts} + 1` })
        .where(
          and(
            eq(scanJobs.id, id),
            eq(scanJobs.status, 'completed'),
            exists(
              db
                .select({ one: sql`1` })
                .from(violationChecks)
                .where(
                  and(
                    eq(violationChecks.id, scanJobs.violationCheckId),
                    eq(violationChecks.snapshotsPending, true),
                  ),
                ),
            ),
          ),
        )
        .returning();
      return row?.violationCheckId ? { ...row, violationCheckId: row.violationCheckId } : null;
    },

    /** The check's findings that have a stored snapshot: the image's storage key by the finding's id. */
    async snapshotKeysOf(checkId: number) {
      const rows = await db
        .select({
          findingId: complianceFindingSnapshots.findingId,
          storageKey: complianceFindingSnapshots.storageKey,
        })
        .from(complianceFindingSnapshots)
        .innerJoin(complianceFindings, eq(complianceFindings.id, complianceFindingSnapshots.findingId))
        .where(eq(complianceFindings.checkId, checkId));
      return new Map(rows.map((r) => [r.findingId, r.storageKey]));
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

    /**
     * Keys of stored images whose snapshot rows went (recorded by the database), oldest first; a
     * key another row still references is returned too, with `inUse`, so it is forgotten, not removed.
     */
    async releasedSnapshotKeys(limit: number) {
      return db
        .select({
          storageKey: releasedSnapshotKeys.storageKey,
          inUse: sql<boolean>`exists (select 1 from compliance_finding_snapshots s where s.storage_key = released_snapshot_keys.storage_key)`,
        })
        .from(releasedSnapshotKeys)
        .orderBy(asc(releasedSnapshotKeys.releasedAt), asc(releasedSnapshotKeys.storageKey))
        .limit(limit);
    },

    async forgetReleasedKeys(keys: readonly string[]) {
      if (keys.length > 0)
        await db.delete(releasedSnapshotKeys).where(inArray(releasedSnapshotKeys.storageKey, [...keys]));
    },
  };
}
