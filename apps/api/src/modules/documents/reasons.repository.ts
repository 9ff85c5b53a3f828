import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rejectionReasons } from '../../db/schema.ts';

export interface ReasonChange {
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  id?: number;
  reasonName?: string;
  notification?: string;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** The rejection reasons a reviewer picks from (spec 3 "Rejection reasons dialog"). */
export function createReasonsRepository(db: Db) {
  return {
    async listReasons() {
      return db
        .select()
        .from(rejectionReasons)
        .where(and(isNull(rejectionReasons.deletedAt), eq(rejectionReasons.reasonType, 'REJECT')))
        .orderBy(asc(rejectionReasons.id));
    },

    async findReason(id: number) {
      const [row] = await db
        .select()
        .from(rejectionReasons)
        .where(and(eq(rejectionReasons.id, id), isNull(rejectionReasons.deletedAt)));
      return row ?? null;
    },

    /**
     * Applies one save of the reasons dialog, one save at a time; null when done, else the name that
     * another live reason already has (any case), and nothing is changed. A name stays free for the
     * save when the reason holding it is renamed or deleted in it. A reason saved under the name it
     * has is never refused: reasons stored twice under one name before names were unique can each be
     * saved (their name still refuses any other reason).
     */
    async applyReasonChanges(changes: ReasonChange[], at: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rejection_reasons'))`);
        const live = await tx
          .select({ id: rejectionReasons.id, reasonName: rejectionReasons.reasonName })
          .from(rejectionReasons)
          .where(and(isNull(rejectionReasons.deletedAt), eq(rejectionReasons.reasonType, 'REJECT')));
        const released = new Set(changes.flatMap((c) => (c.action === 'INSERT' ? [] : [c.id!])));
        const used = new Set(
          live.filter((row) => !released.has(row.id)).map((row) => nameKey(row.reasonName)),
        );
        const currentName = new Map(live.map((row) => [row.id, nameKey(row.reasonName)]));
        const keepsName = (change: ReasonChange) =>
          change.action === 'UPDATE' && currentName.get(change.id!) === nameKey(change.reasonName!);
        for (const change of changes.filter(keepsName)) used.add(nameKey(change.reasonName!));
        for (const change of changes) {
          if (change.action === 'DELETE' || keepsName(change)) continue;
          if (used.has(nameKey(change.reasonName!))) return change.reasonName!;
          used.add(nameKey(change.reasonName!));
        }
        for (const change of changes) {
          if (change.action === 'INSERT') {
            await tx
              .insert(rejectionReasons)
              .values({ reasonName: change.reasonName!, notification: change.notification! });
          } else if (change.action === 'UPDATE') {
            await tx
              .update(rejectionReasons)
              .set({
                reasonName: change.reasonName!,
                notification: change.notification!,
                // A seeded reason whose words a super admin changed reads as they typed them from now on.
                seedKey: sql`case when ${rejectionReasons.reasonName} = ${change.reasonName!}
                  and ${rejectionReasons.notification} = ${change.notification!}
                  then ${rejectionReasons.seedKey} end`,
              })
              .where(and(eq(rejectionReasons.id, change.id!), isNull(rejectionReasons.deletedAt)));
          } else {
            await tx
              .update(rejectionReasons)
              .set({ deletedAt: at })
              .where(eq(rejectionReasons.id, change.id!));
          }
        }
        return null;
      });
    },

    async existingReasonIds(ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: rejectionReasons.id })
        .from(rejectionReasons)
        .where(and(inArray(rejectionReasons.id, ids), isNull(rejectionReasons.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },
  };
}
