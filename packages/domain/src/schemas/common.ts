import { z } from 'zod';
import { STRONG_PASSWORD_MESSAGE } from '../rules/password.ts';
import { keyedMessages, type KeyedMessage } from '../validation-issues.ts';

/**
 * The building blocks every schema declares its strings and integers with (lint refuses bare
 * `z.string()` / `z.number()` in schemas and routes), so bad input is a 400 with a message at the
 * edge instead of a database error: PostgreSQL `text` cannot hold U+0000, and every id and counter
 * column is a PostgreSQL `integer`.
 */
export const PG_INT_MIN = -2_147_483_648;
export const PG_INT_MAX = 2_147_483_647;
export const NUL_MESSAGE = 'Must not contain NUL characters';
export const INT_MESSAGE = 'Must be a whole number';
export const INT_MAX_MESSAGE = `Must be at most ${PG_INT_MAX}`;
export const INT_MIN_MESSAGE = `Must be at least ${PG_INT_MIN}`;
export const ID_MESSAGE = `Must be a whole number between 1 and ${PG_INT_MAX}`;

/** A string free of NUL; chain `.trim()`, `.max()`… on it as on `z.string()`. */
export const TextSchema = z.string().regex(/^[^\0]*$/, NUL_MESSAGE);

/**
 * The messages of a number's own refusals. A schema's message is also the fallback of every bound
 * chained on it without one (zod 4), so "Must be a whole number" named only the wrong type: a page
 * size over its maximum, or a page 0, read "Must be a whole number". Bounds now say theirs.
 */
function numberMessage(typeMessage: string) {
  return (issue: z.core.$ZodRawIssue): string | undefined => {
    if (issue.code === 'too_big') return `Must be at most ${String(issue.maximum)}`;
    if (issue.code === 'too_small') return `Must be at least ${String(issue.minimum)}`;
    return typeMessage;
  };
}

/** A whole number within PostgreSQL's `integer`; chain `.min()`/`.max()` to narrow it. */
export const IntSchema = z
  .int({ error: numberMessage(INT_MESSAGE) })
  .min(PG_INT_MIN, INT_MIN_MESSAGE)
  .max(PG_INT_MAX, INT_MAX_MESSAGE);

/** Money on the wire: dollars with at most two decimals. */
export const MoneySchema = z.number().min(0).max(1_000_000);

/** A row id: 1 … 2^31−1. */
export const IdSchema = z.int(ID_MESSAGE).min(1, ID_MESSAGE).max(PG_INT_MAX, ID_MESSAGE);

/**
 * Refuses a value with a rule's keyed message: the issue carries the English text and, in
 * `params.key`, the locale key the API sends as the issue's key and a form shows it by (with
 * `params.values`, the values its text names, when it names any).
 */
export function refuseWith(
  ctx: z.RefinementCtx,
  { key, message, params }: KeyedMessage,
  path: PropertyKey[] = [],
): void {
  ctx.addIssue({ code: 'custom', message, params: params ? { key, values: params } : { key }, path });
}

/**
 * A required text of at most `max` characters once trimmed, refused with keyed messages; its JSON
 * Schema keeps both bounds.
 */
export function requiredText(max: number, messages: { required: KeyedMessage; tooLong: KeyedMessage }) {
  return TextSchema.trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) refuseWith(ctx, messages.required);
      else if (value.length > max) refuseWith(ctx, messages.tooLong);
    })
    .meta({ minLength: 1, maxLength: max });
}

/**
 * The common field rules' messages with their keys (`validation.<name>` in the shell's strings, which
 * every page carries, the sign-in page's first load included).
 */
export const VALIDATION_MESSAGES = keyedMessages('validation', {
  emailInvalid: 'Must be a valid email',
  emailRequired: 'Email address is required',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Confirm password is required',
  characterLimit: 'Character limit',
  strongPassword: STRONG_PASSWORD_MESSAGE,
  passwordsMismatch: 'Passwords do not match',
  required: 'This field is required',
  cents: 'Use at most two decimals (whole cents)',
});

/**
 * Money a client sends: a fraction of a cent is refused with a message, never rounded away behind
 * the sender's back (a refund of 10.005 was 10.01).
 */
export const MoneyInputSchema = MoneySchema.refine(
  (dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6,
  { message: VALIDATION_MESSAGES.cents.message, params: { key: VALIDATION_MESSAGES.cents.key } },
);

/**
 * "Use one of: A, B", keyed, with the values for the translation: the refusal of a value outside an
 * enumeration (the API answers every such refusal with it).
 */
export function oneOfValues(values: readonly (string | number | boolean | null)[]): KeyedMessage {
  const list = values.map(String).join(', ');
  return { key: 'refusals.oneOf', message: `Use one of: ${list}`, params: { values: list } };
}

/** "Maximum N characters", keyed, with N for the translation. */
export function maxCharacters(max: number): KeyedMessage {
  return { key: 'validation.maxCharacters', message: `Maximum ${max} characters`, params: { max } };
}

/**
 * A text of at most `max` characters, refused with keyed messages (and, given `required`, when empty);
 * its JSON Schema keeps the bounds. `base` is the text as it is checked (`TextSchema.trim()` to trim).
 */
export function keyedText(
  max: number,
  messages: { required?: KeyedMessage; tooLong: KeyedMessage },
  base: z.ZodString = TextSchema,
) {
  return base
    .superRefine((value, ctx) => {
      if (messages.required && value.length === 0) refuseWith(ctx, messages.required);
      else if (value.length > max) refuseWith(ctx, messages.tooLong);
    })
    .meta({ ...(messages.required ? { minLength: 1 } : {}), maxLength: max });
}

/** Query strings carry numbers as text. */
export const QueryIntSchema = z.coerce
  .number({ error: numberMessage(INT_MESSAGE) })
  .int(INT_MESSAGE)
  .min(PG_INT_MIN, INT_MIN_MESSAGE)
  .max(PG_INT_MAX, INT_MAX_MESSAGE);
export const QueryIdSchema = z.coerce
  .number(ID_MESSAGE)
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(PG_INT_MAX, ID_MESSAGE);
/** A signed link's expiry: milliseconds since the epoch, beyond `integer` and never stored. */
export const QueryEpochMsSchema = z.coerce.number(INT_MESSAGE).int(INT_MESSAGE).min(0);

/** True when a name or value from outside the schemas (e.g. a multipart file name) holds a NUL. */
export const hasNul = (value: string): boolean => value.includes('\0');

export const EMAIL_MAX = 255;

/**
 * Emails are compared case-insensitively, so they are stored trimmed and lower-cased. An empty one
 * is refused as missing (spec 3 §5 "required version 'Email address is required'"), not as invalid.
 */
export const EmailSchema = TextSchema.trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) refuseWith(ctx, VALIDATION_MESSAGES.emailRequired);
    else if (value.length > EMAIL_MAX) refuseWith(ctx, VALIDATION_MESSAGES.characterLimit);
    else if (!z.regexes.email.test(value)) refuseWith(ctx, VALIDATION_MESSAGES.emailInvalid);
  })
  // Refused by keys (a form shows them in the reader's language); the JSON Schema keeps the format.
  .meta({ maxLength: EMAIL_MAX, format: 'email' })
  .transform((value) => value.toLowerCase());

const spellingKey = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s/-]+/g, '_');

/**
 * Maps a string written in any letter case, with spaces, hyphens or slashes for underscores, to the declared
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

/** One of `values` (in any spelling `anySpellingEnum` takes, when `anySpelling`), else refused by its key. */
export function keyedEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  refused: KeyedMessage,
  anySpelling = false,
) {
  return TextSchema.transform(anySpelling ? declaredSpelling(values) : (value: string): unknown => value)
    .superRefine((value, ctx) => {
      if (!values.includes(value as string)) refuseWith(ctx, refused);
    })
    .pipe(z.enum(values))
    .meta({ enum: [...values] });
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

/**
 * An optional field a client may send as null for "none" (as many JSON serialisers write an unset
 * value): null reads as left out, so the field's default, if any, applies.
 */
export function nullAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: unknown) => (value === null ? undefined : value), schema);
}

/**
 * A text a read answers null when it is empty (the company's tax id, incorporation type…), taken back
 * as null on write: a client that sends what it read is not refused (spec: nullable fields null).
 */
export function nullAsEmpty<T extends z.ZodType>(schema: T) {
  // Typed as the text it becomes, so a form built on the schema keeps its field a string.
  return z.preprocess((value: string) => ((value as string | null) === null ? '' : value), schema);
}

/** Spec 3 §9 "Maximum 10000 as paging or export size": the most items a signed-in listing pages. */
export const MAX_PAGE_SIZE = 10000;

export const PaginationOptionSchema = z.object({
  itemsPerPage: IntSchema.min(1).max(MAX_PAGE_SIZE).default(10),
  currentPage: IntSchema.min(1).default(1),
});

const PAGING_FIELDS = ['itemsPerPage', 'currentPage'] as const;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const pagingFieldsOf = (record: Record<string, unknown>) =>
  Object.fromEntries(PAGING_FIELDS.filter((field) => field in record).map((field) => [field, record[field]]));

/**
 * A listing whose paging is flat (`currentPage`, `itemsPerPage`: spec 2 §7 getPlans) that also reads
 * it nested in `paginationOption` (spec 1 §7's shape for the company listings), so a client written
 * from either page is not silently given page 1 of the default size. A field sent flat wins.
 */
export function flatPaging<T extends z.ZodType<unknown, Record<string, unknown>>>(schema: T) {
  return z.preprocess((body: z.input<T>) => {
    if (!isRecord(body) || !isRecord(body.paginationOption)) return body;
    const { paginationOption, ...rest } = body;
    return { ...pagingFieldsOf(paginationOption), ...rest };
  }, schema);
}

/**
 * A listing whose paging is nested in `paginationOption` (spec 1 §7 companyListing) that also reads
 * `currentPage` and `itemsPerPage` sent flat (spec 2 §7 writes the same call "5 per page, page 1"). A
 * field sent nested wins.
 */
export function nestedPaging<T extends z.ZodType<unknown, Record<string, unknown>>>(schema: T) {
  return z.preprocess((body: z.input<T>) => {
    if (!isRecord(body) || PAGING_FIELDS.every((field) => !(field in body))) return body;
    if (body.paginationOption !== undefined && !isRecord(body.paginationOption)) return body;
    const rest = Object.fromEntries(
      Object.entries(body).filter(([key]) => !(PAGING_FIELDS as readonly string[]).includes(key)),
    );
    return { ...rest, paginationOption: { ...pagingFieldsOf(body), ...body.paginationOption } };
  }, schema);
}

/** Every success body is `{ detail }` (DESIGN "API conventions"). */
export function detailOf<T extends z.ZodType>(schema: T) {
  return z.object({ detail: schema });
}

export const OkSchema = detailOf(z.object({ ok: z.literal(true) }));

/** The input of a call that takes none: an empty body, none, or null; unknown fields are dropped. */
export const NoInputSchema = z.object({}).nullish();
