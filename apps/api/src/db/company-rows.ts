import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client.ts';

/** A table whose rows belong to a company: a serial id and the owning company's id. */
type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn };

/** Every row one company has in a table, for a list: ordered by the given column, then by id. */
export function listCompanyRows<T extends CompanyTable>(
  db: DbExecutor,
  table: T,
  companyId: number,
  orderBy: PgColumn,
): Promise<T['$inferSelect'][]> {
  // Drizzle types a select from a generic table only once the table is a concrete one.
  const source: CompanyTable = table;
  return db
    .select()
    .from(source)
    .where(eq(source.companyId, companyId))
    .orderBy(asc(orderBy), asc(source.id));
}

/** Deletes one company's row of a table by its id; false when the company has no such row. */
export async function deleteCompanyRow(
  db: DbExecutor,
  table: CompanyTable,
  companyId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
    .returning({ id: table.id });
  return rows.length > 0;
}
