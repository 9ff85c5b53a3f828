// Column blocks that many tables share, spread or called inside each table's columns (Drizzle's reusable
// column definitions). Each call builds fresh column builders, so no two tables share a builder.

import { integer, serial, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

type Target = () => AnyPgColumn;

/** The creation time every table records, set by the database. */
export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

/** The last-change time, set by the database on insert and by the code on update. */
export function updatedAt() {
  return timestamptz('updated_at').notNull().defaultNow();
}

/** An optional point in time (`deleted_at`, `expires_at`...) with its time zone. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** A row owned by its target (a company, a document...): required, and removed with it. */
export function ownerRef(name: string, target: Target) {
  return integer(name).notNull().references(target, { onDelete: 'cascade' });
}

/** A one-to-one extension row: its key is its owner's, and it goes with it. */
export function ownerKey(name: string, target: Target) {
  return integer(name).primaryKey().references(target, { onDelete: 'cascade' });
}

/** Who did something: the row stays when that user is removed. */
export function actorRef(name: string, target: Target) {
  return integer(name).references(target, { onDelete: 'set null' });
}

/** A serial id and the company the row belongs to, the first columns of every company-owned table. */
export function companyOwned(companiesId: Target) {
  return { id: serial('id').primaryKey(), companyId: ownerRef('company_id', companiesId) };
}
