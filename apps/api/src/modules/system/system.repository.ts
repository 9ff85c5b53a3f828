import type { Db } from '../../db/client.ts';
import { systemSettings } from '../../db/schema.ts';

export function createSystemRepository(db: Db) {
  return {
    all: () => db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings),
    async upsert(key: string, value: unknown, updatedBy: number, at: Date): Promise<void> {
      await db
        .insert(systemSettings)
        .values({ key, value, updatedBy, updatedAt: at })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedBy, updatedAt: at } });
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
