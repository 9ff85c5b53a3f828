import { z } from 'zod';
import { keyedMessages, type KeyedMessage } from '../validation-issues.ts';
import { IntSchema, QueryIdSchema, TextSchema, refuseWith, requiredText } from './common.ts';

/** Spec 3 §3 "Global data": the lists the shell loads once. */
export const GENERAL_INFO_FIELDS = [
  'roles',
  'businessTypes',
  'productCategories',
  'serviceCategories',
  'segments',
  'ingredients',
  'flavors',
  'releaseDate',
  'doctypeClassifications',
  'countries',
  'states',
] as const;
export type GeneralInfoField = (typeof GENERAL_INFO_FIELDS)[number];

export const GeneralInfoInputSchema = z.object({
  requestFields: z.array(z.enum(GENERAL_INFO_FIELDS)).min(1).max(GENERAL_INFO_FIELDS.length),
});
export type GeneralInfoInput = z.infer<typeof GeneralInfoInputSchema>;

const NamedSchema = z.object({ id: IntSchema, name: TextSchema });

/**
 * The key of a seeded row in the seeded catalogue (reference/seeded-catalog): the app shows the row in
 * the reader's language while it is set; null for a row a super admin created or renamed, whose name
 * reads as typed. Optional beside the spec's fields, which stay the stored text.
 */
const SeedKeySchema = TextSchema.nullable().optional();
/** A list entry of the seeded product vocabulary (categories, ingredients, flavours). */
const VocabularySchema = NamedSchema.extend({ seedKey: SeedKeySchema });

export const GeneralInfoSchema = z.object({
  roles: z.array(NamedSchema).optional(),
  businessTypes: z
    .array(NamedSchema.extend({ type: TextSchema, plSegmentIds: z.array(IntSchema) }))
    .optional(),
  productCategories: z.array(VocabularySchema).optional(),
  serviceCategories: z.array(VocabularySchema).optional(),
  segments: z.array(NamedSchema.extend({ type: TextSchema })).optional(),
  ingredients: z.array(VocabularySchema).optional(),
  flavors: z.array(VocabularySchema).optional(),
  releaseDate: TextSchema.optional(),
  doctypeClassifications: z.array(TextSchema).optional(),
  countries: z.array(z.object({ name: TextSchema, code: TextSchema })).optional(),
  states: z
    .array(z.object({ name: TextSchema, abbreviation: TextSchema, country: TextSchema, code: IntSchema }))
    .optional(),
});
export type GeneralInfo = z.infer<typeof GeneralInfoSchema>;

// ---- reference data kept by a super admin (spec 3 §7 "reference data", §5 category rules) ----

export const CATEGORY_NAME_MAX = 100;
export const REFERENCE_NAME_MAX = 100;

export const REFERENCE_MESSAGES = {
  saved: 'Data was saved successfully',
  deleted: 'Data was deleted successfully',
  categoryExists: 'This Product Category already exists',
  parentRequired: 'A parent category is required for a product category',
  parentNotFound: 'The parent category was not found',
  categoryInUse: 'This category has sub-categories; delete or move them first',
  businessTypeExists: 'This Business Type already exists',
  businessTypeInUse: 'This business type is used by companies and cannot be deleted',
  segmentExists: 'This Segment already exists',
  segmentInUse: 'This segment is used by a business type and cannot be deleted',
  nameNeedsLetter: 'name: Must contain a letter or digit',
  categoryUnderItself: 'A category cannot be placed under itself',
} as const;

/** The reference screens' refusals with their locale keys (`reference.messages.*`). */
export const REFERENCE_REFUSALS = keyedMessages('reference.messages', REFERENCE_MESSAGES);

/** The reference forms' refusals, each with the locale key a form shows it by. */
export const REFERENCE_FORM_MESSAGES = {
  nameRequired: { key: 'reference.messages.required', message: 'This field is required' },
  nameTooLong: { key: 'reference.messages.max100', message: `Maximum ${REFERENCE_NAME_MAX} characters` },
  parentRequired: { key: 'reference.messages.parentRequired', message: REFERENCE_MESSAGES.parentRequired },
  categoryExists: { key: 'reference.messages.categoryExists', message: REFERENCE_MESSAGES.categoryExists },
} satisfies Record<string, KeyedMessage>;

const nameMessages = {
  required: REFERENCE_FORM_MESSAGES.nameRequired,
  tooLong: REFERENCE_FORM_MESSAGES.nameTooLong,
};
const NameSchema = requiredText(REFERENCE_NAME_MAX, nameMessages);
const CategoryNameSchema = requiredText(CATEGORY_NAME_MAX, nameMessages);

export const CATEGORY_KINDS = ['PRODUCT', 'SERVICE'] as const;

export const CategorySchema = z.object({
  plCategoryId: IntSchema,
  type: z.enum(CATEGORY_KINDS),
  name: TextSchema,
  parentCategoryId: IntSchema.nullable(),
  seedKey: SeedKeySchema,
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListingSchema = z.object({ categories: z.array(CategorySchema) });

export const AddCategoryInputSchema = z.object({
  type: z.enum(CATEGORY_KINDS),
  name: CategoryNameSchema,
  /** Required when type is PRODUCT (spec 3 §5). */
  parentCategoryId: IntSchema.min(1).nullable().default(null),
});
export type AddCategoryInput = z.input<typeof AddCategoryInputSchema>;

export const UpdateCategoryInputSchema = z.object({
  plCategoryId: IntSchema.min(1),
  name: CategoryNameSchema,
  parentCategoryId: IntSchema.min(1).nullable().default(null),
});
export type UpdateCategoryInput = z.input<typeof UpdateCategoryInputSchema>;

/** What the category form knows: whether the category needs a parent, and the categories of its kind. */
export interface CategoryFormRules {
  /** Spec 3 §5: a product category needs a parent (a seeded top-level one may stay as it is). */
  needsParent: boolean;
  siblings: readonly Pick<Category, 'plCategoryId' | 'name' | 'parentCategoryId'>[];
  /** The category being edited, which does not clash with itself. */
  editingId: number | null;
}

/**
 * The category form's schema: the input's name and parent, a parent where one is needed and a name
 * no sibling has whatever its case, the rules the server answers with the same messages.
 */
export function createCategoryFormSchema(rules: CategoryFormRules) {
  const m = REFERENCE_FORM_MESSAGES;
  return z
    .object({ name: CategoryNameSchema, parentCategoryId: IntSchema.min(1).nullable() })
    .superRefine((values, ctx) => {
      if (rules.needsParent && values.parentCategoryId === null) {
        refuseWith(ctx, m.parentRequired, ['parentCategoryId']);
      }
      const taken = rules.siblings.some(
        (category) =>
          category.parentCategoryId === values.parentCategoryId &&
          category.plCategoryId !== rules.editingId &&
          category.name.toLowerCase() === values.name.toLowerCase(),
      );
      if (taken) refuseWith(ctx, m.categoryExists, ['name']);
    });
}

export const DeleteCategoryInputSchema = z.object({ plCategoryId: QueryIdSchema });

export const BusinessTypeSchema = z.object({
  plBusinessTypeId: IntSchema,
  name: TextSchema,
  type: TextSchema,
  plSegmentIds: z.array(IntSchema),
});
export type BusinessType = z.infer<typeof BusinessTypeSchema>;
export const BusinessTypeListingSchema = z.object({ businessTypes: z.array(BusinessTypeSchema) });

const SegmentIdsSchema = z
  .array(IntSchema.min(1))
  .max(50)
  .transform((ids) => [...new Set(ids)]);

export const AddBusinessTypeInputSchema = z.object({ name: NameSchema, plSegmentIds: SegmentIdsSchema });
export type AddBusinessTypeInput = z.input<typeof AddBusinessTypeInputSchema>;
export const UpdateBusinessTypeInputSchema = AddBusinessTypeInputSchema.extend({
  plBusinessTypeId: IntSchema.min(1),
});
export type UpdateBusinessTypeInput = z.input<typeof UpdateBusinessTypeInputSchema>;
export const DeleteBusinessTypeInputSchema = z.object({
  plBusinessTypeId: QueryIdSchema,
});

export const SegmentSchema = z.object({ plSegmentId: IntSchema, name: TextSchema, type: TextSchema });
export type Segment = z.infer<typeof SegmentSchema>;
export const SegmentListingSchema = z.object({ segments: z.array(SegmentSchema) });
export const AddSegmentInputSchema = z.object({ name: NameSchema });
export type AddSegmentInput = z.input<typeof AddSegmentInputSchema>;
export const UpdateSegmentInputSchema = AddSegmentInputSchema.extend({ plSegmentId: IntSchema.min(1) });
export type UpdateSegmentInput = z.input<typeof UpdateSegmentInputSchema>;
export const DeleteSegmentInputSchema = z.object({ plSegmentId: QueryIdSchema });

/** The code a new business type or segment is known by: its name in upper snake case. */
export function referenceCode(name: string): string {
  return name
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
