import { COMPANY_NAME_SQL_PATTERN as P } from '@trustleaf/domain/rules/sign-up';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * normalizeCompanyName (packages/domain rules/sign-up) in SQL: lower-cased, dots and commas as
 * spaces, trimmed, trailing llc/inc/co/ltd/corp dropped, whitespace removed. Duplicate checks compare
 * it with the domain function's result for the typed name.
 */
export function normalizedCompanyName(column: AnyColumn): SQL<string> {
  const spaced = sql`regexp_replace(lower(${column}), ${P.punctuation}, ' ', 'g')`;
  const trimmed = sql`regexp_replace(${spaced}, ${P.trim}, '', 'g')`;
  const bare = sql`regexp_replace(${trimmed}, ${P.suffixes}, '')`;
  return sql<string>`regexp_replace(${bare}, ${P.whitespace}, '', 'g')`;
}
