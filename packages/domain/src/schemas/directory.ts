import { z } from 'zod';
import { IdSchema, QueryIdSchema, QueryIntSchema, TextSchema } from './common.ts';

/**
 * The public directory (issue 21; spec 3 §1 modules): companies that chose to be listed by publishing
 * their trust profile, searched by name (trigram matching, so a typo still finds the company) and
 * filtered by business type, state, segment and seal.
 */

export const DIRECTORY_SORTS = ['relevance', 'name', 'newest'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** Shorter searches than this match too much to be useful (and have no trigram to look up). */
export const DIRECTORY_QUERY_MIN = 3;
export const DIRECTORY_QUERY_MAX = 100;
export const DIRECTORY_PAGE_SIZE_DEFAULT = 20;
export const DIRECTORY_PAGE_SIZE_MAX = 50;
/** Paging goes this deep at most: past it, narrowing the search is the way on. */
export const DIRECTORY_PAGE_MAX = 100;

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const DirectoryQuerySchema = z.object({
  q: z.preprocess(
    blankAsUndefined,
    TextSchema.trim()
      .min(DIRECTORY_QUERY_MIN, `Type at least ${DIRECTORY_QUERY_MIN} characters to search`)
      .max(DIRECTORY_QUERY_MAX, `Must be at most ${DIRECTORY_QUERY_MAX} characters`)
      .optional(),
  ),
  plBusinessTypeId: z.preprocess(blankAsUndefined, QueryIdSchema.optional()),
  /** A state or province abbreviation (`CO`, `ON`). */
  state: z.preprocess(
    blankAsUndefined,
    TextSchema.trim()
      .toUpperCase()
      .regex(/^[A-Z]{2,3}$/, 'Must be a state abbreviation such as CO')
      .optional(),
  ),
  plSegmentId: z.preprocess(blankAsUndefined, QueryIdSchema.optional()),
  /** `true`: only companies holding a live verified seal. */
  seal: z.preprocess(
    blankAsUndefined,
    z
      .enum(['true', 'false'], 'Must be true or false')
      .transform((value) => value === 'true')
      .optional(),
  ),
  /** relevance (the default with a search; needs one), name (the default without), newest. */
  sort: z.preprocess(blankAsUndefined, z.enum(DIRECTORY_SORTS).optional()),
  page: z.preprocess(
    blankAsUndefined,
    QueryIntSchema.min(1, 'Must be at least 1')
      .max(DIRECTORY_PAGE_MAX, `Must be at most ${DIRECTORY_PAGE_MAX}`)
      .default(1),
  ),
  pageSize: z.preprocess(
    blankAsUndefined,
    QueryIntSchema.min(1, 'Must be at least 1')
      .max(DIRECTORY_PAGE_SIZE_MAX, `Must be at most ${DIRECTORY_PAGE_SIZE_MAX}`)
      .default(DIRECTORY_PAGE_SIZE_DEFAULT),
  ),
});
export type DirectoryQuery = z.output<typeof DirectoryQuerySchema>;

export const DirectoryEntrySchema = z.object({
  plCompanyId: IdSchema,
  name: TextSchema,
  slug: TextSchema,
  profileUrl: TextSchema,
  businessType: TextSchema.nullable(),
  city: TextSchema.nullable(),
  state: TextSchema.nullable(),
  country: TextSchema.nullable(),
  /** The day the company joined (yyyy-MM-dd). */
  memberSince: TextSchema,
  /** Whether the company holds a live verified seal. */
  hasSeal: z.boolean(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntrySchema>;

export const DirectoryPageSchema = z.object({
  items: z.array(DirectoryEntrySchema),
  page: IdSchema,
  pageSize: IdSchema,
  /** Whether a next page exists (the directory never counts every match: that would be slow). */
  hasMore: z.boolean(),
  sort: z.enum(DIRECTORY_SORTS),
});
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;
