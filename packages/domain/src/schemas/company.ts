import { z } from 'zod';
import { COMPANY_TYPES, SEGMENTS } from '../reference/company-types.ts';
import {
  CHARACTER_LIMIT_MESSAGE,
  COMPANY_COUNTRIES,
  COMPANY_DETAIL_NAME_MAX,
  COMPANY_TEXT_MAX,
  companyTypeSegmentError,
  EMPLOYEES_MESSAGE,
  formatTaxId,
  isValidCompanyUrl,
  isValidTaxId,
  SITE_TYPES,
  STATE_MESSAGE,
  TAX_ID_MESSAGE,
  URL_MESSAGE,
  ZIP_MAX,
} from '../rules/company-fields.ts';
import { CompanyTypeSchema, PhoneSchema } from './accounts.ts';
import { EmailSchema, IdSchema, IntSchema, TextSchema } from './common.ts';
import { COMPANY_STATUSES } from '../rules/company-status.ts';

export const COMPANY_KINDS = ['NORMAL', 'PROSPECT', 'FDA', 'REGISTERED'] as const;

/** A company as lists name it: the signed-in user's companies and the super admin's listing. */
export const CompanySummarySchema = z.object({
  plCompanyId: IntSchema,
  companyName: TextSchema,
  businessType: TextSchema.nullable(),
  state: TextSchema.nullable(),
  country: TextSchema.nullable(),
  kind: z.enum(COMPANY_KINDS),
  status: z.enum(COMPANY_STATUSES),
});

export const CompanyIdInputSchema = z.object({ plCompanyId: IdSchema });
export type CompanyIdInput = z.infer<typeof CompanyIdInputSchema>;

export const RemoveMemberInputSchema = z.object({
  plCompanyId: IdSchema,
  plUserId: IdSchema,
});
export type RemoveMemberInput = z.infer<typeof RemoveMemberInputSchema>;

/** A US state or Canadian province code: exactly 2 characters, upper-cased (spec 3 §3, §5). */
export const StateCodeSchema = TextSchema.trim()
  .length(2, STATE_MESSAGE)
  .transform((value) => value.toUpperCase());

const LongText = TextSchema.trim().max(COMPANY_TEXT_MAX, CHARACTER_LIMIT_MESSAGE);

export const CompanyCountrySchema = z.enum(COMPANY_COUNTRIES);

export const CompanyDetailSchema = z.object({
  plCompanyId: IntSchema,
  companyName: TextSchema,
  businessType: TextSchema.nullable(),
  /** The type's code (sign-up's company types), for the edit form. */
  businessTypeCode: TextSchema.nullable(),
  /** The industry: the company's segments (cannabis, hemp, ancillary). */
  plSegmentIds: z.array(IntSchema),
  corporateOfficeAddress: TextSchema.nullable(),
  city: TextSchema.nullable(),
  state: TextSchema.nullable(),
  zip: TextSchema.nullable(),
  country: TextSchema.nullable(),
  phone: TextSchema.nullable(),
  email: TextSchema.nullable(),
  website: TextSchema.nullable(),
  employees: IntSchema.nullable(),
  incorporationType: TextSchema.nullable(),
  taxId: TextSchema.nullable(),
  kind: TextSchema,
  status: TextSchema,
  resourcePhoto: z.object({ url: TextSchema }).nullable(),
  members: z.array(
    z.object({
      plUserId: IntSchema,
      firstName: TextSchema,
      lastName: TextSchema,
      email: TextSchema,
      role: TextSchema,
    }),
  ),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

export const SEGMENT_IDS: readonly number[] = SEGMENTS.map((segment) => segment.id);

/**
 * Spec 3 §7 updateCompanyDetail with the §5 rules: every editable field is sent (empty text clears
 * it). The same schema checks the edit form and the request.
 */
export const UpdateCompanyDetailInputSchema = z
  .object({
    plCompanyId: IdSchema,
    companyName: TextSchema.trim()
      .min(1, 'Company Name is required')
      .max(COMPANY_DETAIL_NAME_MAX, CHARACTER_LIMIT_MESSAGE),
    businessType: CompanyTypeSchema,
    /** Optional, as at sign-up (the Canadian build offers no choice); the type must fit any chosen. */
    plSegmentIds: z
      .array(IdSchema.refine((id) => SEGMENT_IDS.includes(id), 'Unknown industry'))
      .max(SEGMENTS.length),
    corporateOfficeAddress: LongText,
    city: LongText,
    state: StateCodeSchema,
    zip: TextSchema.trim().max(ZIP_MAX, CHARACTER_LIMIT_MESSAGE),
    country: CompanyCountrySchema,
    phone: PhoneSchema,
    /** Optional: empty clears it; otherwise the shared email rule. */
    email: TextSchema.trim().pipe(z.union([z.literal(''), EmailSchema], { error: 'Must be a valid email' })),
    website: TextSchema.trim()
      .max(COMPANY_TEXT_MAX, CHARACTER_LIMIT_MESSAGE)
      .refine((value) => value === '' || isValidCompanyUrl(value), URL_MESSAGE),
    employees: IntSchema.min(1, EMPLOYEES_MESSAGE).nullable(),
    incorporationType: LongText,
    taxId: TextSchema.trim().max(20, TAX_ID_MESSAGE).transform(formatTaxId),
  })
  .superRefine((value, context) => {
    if (!isValidTaxId(value.taxId, value.country)) {
      context.addIssue({ code: 'custom', path: ['taxId'], message: TAX_ID_MESSAGE });
    }
    const typeError = companyTypeSegmentError(value.businessType, value.plSegmentIds);
    if (typeError) context.addIssue({ code: 'custom', path: ['businessType'], message: typeError });
  });
export type UpdateCompanyDetailInput = z.input<typeof UpdateCompanyDetailInputSchema>;

/** The company type's id in the reference table (the seed keeps sign-up's ids). */
export function businessTypeIdOf(code: string): number | null {
  return COMPANY_TYPES.find((type) => type.type === code)?.id ?? null;
}
export function businessTypeCodeOf(id: number | null): string | null {
  return COMPANY_TYPES.find((type) => type.id === id)?.type ?? null;
}

// ---- locations (spec 3 §3 site types, §7 upsertLocation, locationListing) ----

export const SiteTypeSchema = z.enum(SITE_TYPES, { error: 'Function of location is required' });

export const LocationSchema = z.object({
  plLocationId: IntSchema,
  plCompanyId: IntSchema,
  locationName: TextSchema,
  siteType: SiteTypeSchema,
  address: TextSchema,
  city: TextSchema,
  state: TextSchema,
  zip: TextSchema,
  country: CompanyCountrySchema,
  updatedAt: TextSchema,
});
export type Location = z.infer<typeof LocationSchema>;

export const UpsertLocationInputSchema = z.object({
  plCompanyId: IdSchema,
  /** Left out to add a location; an id of the company's to change it. */
  plLocationId: IdSchema.optional(),
  locationName: TextSchema.trim()
    .min(1, 'Location is required')
    .max(COMPANY_TEXT_MAX, CHARACTER_LIMIT_MESSAGE),
  siteType: SiteTypeSchema,
  address: TextSchema.trim()
    .min(1, 'Company address is required')
    .max(COMPANY_TEXT_MAX, CHARACTER_LIMIT_MESSAGE),
  city: LongText,
  state: StateCodeSchema,
  zip: TextSchema.trim().max(ZIP_MAX, CHARACTER_LIMIT_MESSAGE),
  country: CompanyCountrySchema,
});
export type UpsertLocationInput = z.input<typeof UpsertLocationInputSchema>;

export const LocationListingSchema = z.object({ locations: z.array(LocationSchema) });
export type LocationListing = z.infer<typeof LocationListingSchema>;
