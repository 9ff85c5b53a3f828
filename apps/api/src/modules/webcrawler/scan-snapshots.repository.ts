import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { complianceFindingSnapshots, complianceFindings, releasedSnapshotKeys } from '../../db/schema.ts';

/** The findings' page snapshots: rows referencing images in Storage, and the images whose rows went. */
export function createScanSnapshotsRepository(db: Db) {
  return {
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
