import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { siteTemplateElements, siteTemplates } from '../../db/schema.ts';

export type TemplateRow = typeof siteTemplates.$inferSelect;
export type ElementRow = typeof siteTemplateElements.$inferSelect;

export function createTemplatesRepository(db: Db) {
  return {
    list: () => db.select().from(siteTemplates).orderBy(desc(siteTemplates.id)),

    async find(id: number, executor: DbExecutor = db): Promise<TemplateRow | null> {
      const [row] = await executor.select().from(siteTemplates).where(eq(siteTemplates.id, id));
      return row ?? null;
    },

    /** The template, locked until `executor`'s transaction ends. */
    async findLocked(id: number, executor: DbExecutor): Promise<TemplateRow | null> {
      const [row] = await executor.select().from(siteTemplates).where(eq(siteTemplates.id, id)).for('update');
      return row ?? null;
    },

    /** The published template bound to a company or to a host name. */
    async findPublishedBy(where: { companyId: number } | { domain: string }): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(siteTemplates)
        .where(
          and(
            eq(siteTemplates.status, 'UNIVERSAL'),
            'companyId' in where
              ? eq(siteTemplates.companyId, where.companyId)
              : eq(siteTemplates.domain, where.domain),
          ),
        );
      return row ?? null;
    },

    async findDraftOf(parentId: number, executor: DbExecutor = db): Promise<TemplateRow | null> {
      const [row] = await executor.select().from(siteTemplates).where(eq(siteTemplates.parentId, parentId));
      return row ?? null;
    },

    async insert(values: typeof siteTemplates.$inferInsert, executor: DbExecutor = db) {
      const [row] = await executor.insert(siteTemplates).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<typeof siteTemplates.$inferInsert>, executor: DbExecutor = db) {
      const [row] = await executor
        .update(siteTemplates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(siteTemplates.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: number, executor: DbExecutor = db): Promise<boolean> {
      const rows = await executor
        .delete(siteTemplates)
        .where(eq(siteTemplates.id, id))
        .returning({ id: siteTemplates.id });
      return rows.length > 0;
    },

    elements: (templateId: number, executor: DbExecutor = db) =>
      executor
        .select()
        .from(siteTemplateElements)
        .where(eq(siteTemplateElements.templateId, templateId))
        .orderBy(siteTemplateElements.id),

    async findElement(id: number): Promise<ElementRow | null> {
      const [row] = await db.select().from(siteTemplateElements).where(eq(siteTemplateElements.id, id));
      return row ?? null;
    },

    async insertElement(values: typeof siteTemplateElements.$inferInsert) {
      const [row] = await db.insert(siteTemplateElements).values(values).returning();
      return row!;
    },

    async updateElement(id: number, values: Partial<typeof siteTemplateElements.$inferInsert>) {
      const [row] = await db
        .update(siteTemplateElements)
        .set(values)
        .where(eq(siteTemplateElements.id, id))
        .returning();
      return row ?? null;
    },

    async removeElement(id: number): Promise<void> {
      await db.delete(siteTemplateElements).where(eq(siteTemplateElements.id, id));
    },

    /** Copies every element of one template onto another (a new draft's elements). */
    async copyElements(fromId: number, toId: number, executor: DbExecutor = db): Promise<void> {
      await executor.execute(sql`
        insert into site_template_elements
          (template_id, element_name, element_type, enabled, use_text_override, text_override, phrase, image_key)
        select ${toId}, element_name, element_type, enabled, use_text_override, text_override, phrase, image_key
        from site_template_elements where template_id = ${fromId}`);
    },

    /** Moves a draft's elements onto its parent, whose own elements it replaces. */
    async replaceElements(draftId: number, parentId: number, executor: DbExecutor): Promise<void> {
      await executor.delete(siteTemplateElements).where(eq(siteTemplateElements.templateId, parentId));
      await executor
        .update(siteTemplateElements)
        .set({ templateId: parentId })
        .where(eq(siteTemplateElements.templateId, draftId));
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
