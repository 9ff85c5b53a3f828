import { z } from 'zod';
import { COMPANY_TYPES, SEGMENT_IDS, SEGMENTS } from '../reference/company-types.ts';
import {
  COMPANY_COUNTRIES,
  COMPANY_DETAIL_NAME_MAX,
  COMPANY_FIELD_REFUSALS as R,
  COMPANY_TEXT_MAX,
  companyTypeSegmentRefusal,
  formatTaxId,
  isValidCompanyUrl,
  isValidTaxId,
  SITE_TYPES,
  ZIP_MAX,
} from '../rules/company-fields.ts';
import { isValidPhone, normalizePhone } from '../rules/phone.ts';
import type { KeyedMessage } from '../validation-issues.ts';
import { COMPANY_TYPE_CODES } from './accounts.ts';
import { nameText } from './names.ts';
import {
  anySpellingEnum,
  EmailSchema,
  IdSchema,
  IntSchema,
  keyedEnum,
  refuseWith,
  requiredText,
  nullAsEmpty,
  TextSchema,
} from './common.ts';

/** Optional: empty clears it; otherwise the shared email rule, refused by its keys. */
const OptionalEmailSchema = TextSchema.trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    const parsed = EmailSchema.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [] });
  })
  .transform((value) => value.toLowerCase());
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

/** Spec 3 §7 submitRtq: when the company's Road to Qredibility was submitted, and by whom. */
export const RtqSubmissionSchema = z.object({
  plCompanyId: IntSchema,
  submittedAt: z.iso.datetime(),
  /** The member (or super admin) who submitted it; null once that user is removed. */
  submittedBy: IntSchema.nullable(),
});
export type RtqSubmission = z.infer<typeof RtqSubmissionSchema>;

export const RemoveMemberInputSchema = z.object({
  plCompanyId: IdSchema,
  plUserId: IdSchema,
});
export type RemoveMemberInput = z.infer<typeof RemoveMemberInputSchema>;

/** A trimmed text refused by its keyed message when `ok` fails; `bounds` keep its JSON Schema's. */
function keyedText(ok: (value: string) => boolean, refused: KeyedMessage, bounds: Record<string, number>) {
  return TextSchema.trim()
    .superRefine((value, ctx) => {
      if (!ok(value)) refuseWith(ctx, refused);
    })
    .meta(bounds);
}

/** Optional text of at most `max` characters, else the character limit by its key. */
const textUpTo = (max: number) =>
  keyedText((value) => value.length <= max, R.characterLimit, { maxLength: max });

/** A US state or Canadian province code: exactly 2 characters, upper-cased (spec 3 §3, §5). */
export const StateCodeSchema = keyedText((value) => value.length === 2, R.state, {
  minLength: 2,
  maxLength: 2,
}).transform((value) => value.toUpperCase());

const LongText = textUpTo(COMPANY_TEXT_MAX);

/** The shared phone rule (accounts' PhoneSchema), refused by its key. */
const CompanyPhoneSchema = keyedText((value) => value.length <= 30, R.phone, { maxLength: 30 })
  .transform(normalizePhone)
  .superRefine((value, ctx) => {
    if (!isValidPhone(value)) refuseWith(ctx, R.phone);
  });

export const CompanyCountrySchema = z.enum(COMPANY_COUNTRIES);
/** A country as written: the code in any letter case ('us'), answered as declared. */
const CompanyCountryInputSchema = anySpellingEnum(COMPANY_COUNTRIES);

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

/**
 * Spec 3 §7 updateCompanyDetail with the §5 rules: every editable field is sent (empty text clears
 * it). The same schema checks the edit form and the request.
 */
export const UpdateCompanyDetailInputSchema = z
  .object({
    plCompanyId: IdSchema,
    companyName: nameText(COMPANY_DETAIL_NAME_MAX, {
      required: R.nameRequired,
      tooLong: R.characterLimit,
      controlCharacters: R.nameControlCharacters,
    }),
    businessType: keyedEnum(COMPANY_TYPE_CODES, R.typeRequired, true),
    /** Optional, as at sign-up (the Canadian build offers no choice); the type must fit any chosen. */
    plSegmentIds: z
      .array(IdSchema.refine((id) => SEGMENT_IDS.includes(id), 'Unknown industry'))
      .max(SEGMENTS.length),
    // getCompanyDetail answers an empty optional text as null; null is taken as empty (it clears).
    corporateOfficeAddress: nullAsEmpty(LongText),
    city: nullAsEmpty(LongText),
    state: StateCodeSchema,
    zip: nullAsEmpty(textUpTo(ZIP_MAX)),
    country: CompanyCountryInputSchema,
    phone: nullAsEmpty(CompanyPhoneSchema),
    email: nullAsEmpty(OptionalEmailSchema),
    website: nullAsEmpty(
      textUpTo(COMPANY_TEXT_MAX).superRefine((value, ctx) => {
        if (value !== '' && !isValidCompanyUrl(value)) refuseWith(ctx, R.url);
      }),
    ),
    employees: IntSchema.nullable()
      .superRefine((value, ctx) => {
        if (value !== null && value < 1) refuseWith(ctx, R.employees);
      })
      .meta({ minimum: 1 }),
    incorporationType: nullAsEmpty(LongText),
    taxId: nullAsEmpty(
      keyedText((value) => value.length <= 20, R.taxId, { maxLength: 20 }).transform(formatTaxId),
    ),
  })
  .superRefine((value, context) => {
    if (!isValidTaxId(value.taxId, value.country)) refuseWith(context, R.taxId, ['taxId']);
    const typeRefusal = companyTypeSegmentRefusal(value.businessType, value.plSegmentIds);
    if (typeRefusal) refuseWith(context, typeRefusal, ['businessType']);
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
  locationName: requiredText(COMPANY_TEXT_MAX, { required: R.locationRequired, tooLong: R.characterLimit }),
  // Spec 3 §3 names the site types in words ("distribution/warehouse", "corporate office").
  siteType: keyedEnum(SITE_TYPES, R.siteTypeRequired, true),
  address: requiredText(COMPANY_TEXT_MAX, { required: R.addressRequired, tooLong: R.characterLimit }),
  city: LongText,
  state: StateCodeSchema,
  zip: textUpTo(ZIP_MAX),
  country: CompanyCountryInputSchema,
});
export type UpsertLocationInput = z.input<typeof UpsertLocationInputSchema>;

export const LocationListingSchema = z.object({ locations: z.array(LocationSchema) });
export type LocationListing = z.infer<typeof LocationListingSchema>;
