import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export function createFilesRepository(db: Db) {
  return {
    async insert(values: typeof files.$inferInsert) {
      const [row] = await db.insert(files).values(values).returning();
      return row!;
    },
    async findByKey(key: string) {
      const [row] = await db.select().from(files).where(eq(files.key, key));
      return row ?? null;
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
