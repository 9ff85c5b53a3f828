import { and, eq, inArray, lt, sql } from 'drizzle-orm';
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

    /**
     * Uploads stored before `before` that nothing refers to: no document version (original or
     * viewable copy), no COA batch item, no site template image and no company logo link (the key
     * URL-encoded in its query).
     */
    async findUnreferenced(before: Date, limit: number): Promise<{ id: number; key: string }[]> {
      return db
        .select({ id: files.id, key: files.key })
        .from(files)
        .where(
          and(
            lt(files.createdAt, before),
            sql`not exists (select 1 from company_documents d where d.file_key = ${files.key} or d.view_key = ${files.key})`,
            sql`not exists (select 1 from coa_uploads c where c.items @> jsonb_build_array(jsonb_build_object('key', ${files.key})))`,
            sql`not exists (select 1 from site_template_elements e where e.image_key = ${files.key})`,
            sql`not exists (select 1 from companies c where strpos(c.logo_url, 'key=' || replace(${files.key}, '/', '%2F') || '&') > 0)`,
          ),
        )
        .orderBy(files.id)
        .limit(limit);
    },

    async deleteByIds(ids: number[]): Promise<void> {
      if (ids.length > 0) await db.delete(files).where(inArray(files.id, ids));
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
