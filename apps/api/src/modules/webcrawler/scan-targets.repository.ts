import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deleteCompanyRow, listCompanyRows } from '../../db/company-rows.ts';
import { products, scanJobs, webcrawlerWebsites } from '../../db/schema.ts';

export type WebsiteRow = typeof webcrawlerWebsites.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** What a company scans and compares: its websites (re-scans) and its product catalogue. */
export function createScanTargetsRepository(db: Db) {
  /** The company's product that matches, if any. */
  const oneProduct = async (companyId: number, match: SQL) => {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), match));
    return row ?? null;
  };

  return {
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
      return listCompanyRows(db, webcrawlerWebsites, companyId, webcrawlerWebsites.url);
    },

    async deleteWebsite(companyId: number, id: number) {
      return deleteCompanyRow(db, webcrawlerWebsites, companyId, id);
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

    async listProducts(companyId: number) {
      return listCompanyRows(db, products, companyId, products.name);
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

    findProduct: (companyId: number, id: number) => oneProduct(companyId, eq(products.id, id)),

    findProductByKey: (companyId: number, nameKey: string) =>
      oneProduct(companyId, eq(products.nameKey, nameKey)),

    async deleteProduct(companyId: number, id: number) {
      return deleteCompanyRow(db, products, companyId, id);
    },
  };
}
