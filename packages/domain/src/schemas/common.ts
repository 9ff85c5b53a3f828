import { z } from 'zod';

export const EMAIL_MAX = 255;

/** Emails are compared case-insensitively, so they are stored trimmed and lower-cased. */
export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'Character limit')
  .pipe(z.email('Must be a valid email'))
  .transform((value) => value.toLowerCase());

export const IdSchema = z.number().int().positive();

const spellingKey = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/**
 * Maps a string written in any letter case, with spaces or hyphens for underscores, to the declared
 * value it spells; anything else passes through unchanged for the schema to refuse.
 */
export function declaredSpelling(values: readonly string[]) {
  const declared = new Map(values.map((value) => [spellingKey(value), value]));
  return (value: unknown): unknown =>
    typeof value === 'string' ? (declared.get(spellingKey(value)) ?? value) : value;
}

/**
 * An enum accepted in any of those spellings and parsed to the declared one. The specs write some
 * enums two ways (spec 2 §7 "annual or monthly", spec 3 §3 MONTHLY and ANNUAL); a client written
 * from either must work (issue 15). Responses keep the declared spelling.
 */
export function anySpellingEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  params?: Parameters<typeof z.enum>[1],
) {
  const toDeclared = declaredSpelling(values);
  return z.preprocess((value: string) => toDeclared(value), z.enum(values, params));
}

/** A list field the specs also send as a single value (spec 2 §7 "companyType prospect"). */
export function oneOrMany<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value: unknown) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/** Spec 1 §3 sends an identifier empty ("") when there is none (e.g. plCompanyId when not claiming). */
export function emptyAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: unknown) => (value === '' ? null : value), schema.nullish());
}

export const PaginationOptionSchema = z.object({
  itemsPerPage: z.number().int().min(1).max(10000).default(10),
  currentPage: z.number().int().min(1).default(1),
});

/** Every success body is `{ detail }` (DESIGN "API conventions"). */
export function detailOf<T extends z.ZodType>(schema: T) {
  return z.object({ detail: schema });
}

export const OkSchema = detailOf(z.object({ ok: z.literal(true) }));
