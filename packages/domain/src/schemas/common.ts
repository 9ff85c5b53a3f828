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

export const PaginationOptionSchema = z.object({
  itemsPerPage: z.number().int().min(1).max(10000).default(10),
  currentPage: z.number().int().min(1).default(1),
});

/** Every success body is `{ detail }` (DESIGN "API conventions"). */
export function detailOf<T extends z.ZodType>(schema: T) {
  return z.object({ detail: schema });
}

export const OkSchema = detailOf(z.object({ ok: z.literal(true) }));
