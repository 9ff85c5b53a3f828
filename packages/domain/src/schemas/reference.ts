import { z } from 'zod';

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

const NamedSchema = z.object({ id: z.number().int(), name: z.string() });

export const GeneralInfoSchema = z.object({
  roles: z.array(NamedSchema).optional(),
  businessTypes: z
    .array(NamedSchema.extend({ type: z.string(), plSegmentIds: z.array(z.number().int()) }))
    .optional(),
  productCategories: z.array(NamedSchema).optional(),
  serviceCategories: z.array(NamedSchema).optional(),
  segments: z.array(NamedSchema.extend({ type: z.string() })).optional(),
  ingredients: z.array(NamedSchema).optional(),
  flavors: z.array(NamedSchema).optional(),
  releaseDate: z.string().optional(),
  doctypeClassifications: z.array(z.string()).optional(),
  countries: z.array(z.object({ name: z.string(), code: z.string() })).optional(),
  states: z
    .array(
      z.object({ name: z.string(), abbreviation: z.string(), country: z.string(), code: z.number().int() }),
    )
    .optional(),
});
export type GeneralInfo = z.infer<typeof GeneralInfoSchema>;
