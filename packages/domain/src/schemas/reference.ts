import { z } from 'zod';
import { IntSchema, TextSchema } from './common.ts';

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

export const GeneralInfoSchema = z.object({
  roles: z.array(NamedSchema).optional(),
  businessTypes: z
    .array(NamedSchema.extend({ type: TextSchema, plSegmentIds: z.array(IntSchema) }))
    .optional(),
  productCategories: z.array(NamedSchema).optional(),
  serviceCategories: z.array(NamedSchema).optional(),
  segments: z.array(NamedSchema.extend({ type: TextSchema })).optional(),
  ingredients: z.array(NamedSchema).optional(),
  flavors: z.array(NamedSchema).optional(),
  releaseDate: TextSchema.optional(),
  doctypeClassifications: z.array(TextSchema).optional(),
  countries: z.array(z.object({ name: TextSchema, code: TextSchema })).optional(),
  states: z
    .array(z.object({ name: TextSchema, abbreviation: TextSchema, country: TextSchema, code: IntSchema }))
    .optional(),
});
export type GeneralInfo = z.infer<typeof GeneralInfoSchema>;
