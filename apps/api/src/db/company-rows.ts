import { asc, eq } from 'drizzle-orm';
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
