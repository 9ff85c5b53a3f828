import { z } from 'zod';
import { COMPANY_TYPES, SEGMENT_IDS } from '../reference/company-types.ts';
import { isStrongPassword } from '../rules/password.ts';
import { LANGUAGES } from '../rules/themes.ts';
import { isValidPhone, normalizePhone, PHONE_INVALID_MESSAGE } from '../rules/phone.ts';
import {
  COMPANY_NAME_MAX,
  isValidSaleNumber,
  normalizeSaleNumber,
  SIGN_UP_CODE_LENGTH,
} from '../rules/sign-up.ts';
import {
  EmailSchema,
  IdSchema,
  IntSchema,
  keyedEnum,
  keyedText,
  nestedPaging,
  PaginationOptionSchema,
  refuseWith,
  TextSchema,
  anySpellingEnum,
  emptyAsNull,
  nullAsAbsent,
  oneOrMany,
  VALIDATION_MESSAGES,
} from './common.ts';
import { keyedMessages, type KeyedMessage } from '../validation-issues.ts';
import { NAME_CONTROL_CHARACTERS_MESSAGE } from '../rules/names.ts';
import { nameText } from './names.ts';

/**
 * The sign-up pages' field messages with their keys, in the sign-up pages' strings (`locales/extra`,
 * which the create-company page loads too).
 */
export const SIGN_UP_MESSAGES = {
  ...keyedMessages('signUp', {
    companyNameRequired: 'Company Name is required',
    typeRequired: 'Type Of Company is required',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    max100: 'Maximum 100 characters',
    saleNumberLength: 'Sign-up code must be 6 characters',
    unknownSegment: 'Choose a business segment from the list',
    eulaRequired: 'You must accept the licence agreement',
    nameControlCharacters: NAME_CONTROL_CHARACTERS_MESSAGE,
  }),
  phoneInvalid: { key: 'inputs.phoneInvalid', message: PHONE_INVALID_MESSAGE },
  codeFormat: { key: 'signUp.verify.codeFormat', message: 'Enter the 6-digit code from your email' },
} satisfies Record<string, KeyedMessage>;

/** Spec 1 §5: Password is required, at most 255, and strong (12–50 with every character class). */
export const SignUpPasswordSchema = TextSchema.superRefine((value, ctx) => {
  if (value.length === 0) refuseWith(ctx, VALIDATION_MESSAGES.passwordRequired);
  else if (value.length > 255) refuseWith(ctx, VALIDATION_MESSAGES.characterLimit);
  else if (!isStrongPassword(value)) refuseWith(ctx, VALIDATION_MESSAGES.strongPassword);
}).meta({ minLength: 1, maxLength: 255 });

export const PhoneSchema = TextSchema.max(30, 'Phone number is invalid')
  .transform(normalizePhone)
  .refine(isValidPhone, PHONE_INVALID_MESSAGE);

/** A phone number refused by a keyed message (the key of the part of the strings its form loads). */
export function keyedPhoneSchema(invalid: KeyedMessage) {
  return TextSchema.superRefine((value, ctx) => {
    if (value.length > 30 || !isValidPhone(normalizePhone(value))) refuseWith(ctx, invalid);
  })
    .meta({ maxLength: 30 })
    .transform(normalizePhone);
}

const NameSchema = (required: KeyedMessage) =>
  nameText(100, {
    required,
    tooLong: SIGN_UP_MESSAGES.max100,
    controlCharacters: SIGN_UP_MESSAGES.nameControlCharacters,
  });

export const CompanyNameSchema = nameText(COMPANY_NAME_MAX, {
  required: SIGN_UP_MESSAGES.companyNameRequired,
  tooLong: VALIDATION_MESSAGES.characterLimit,
  controlCharacters: SIGN_UP_MESSAGES.nameControlCharacters,
});

/** A phone number as a sign-up form holds it (empty or valid), refused by its key. */
const FormPhoneSchema = TextSchema.superRefine((value, ctx) => {
  if (!isValidPhone(value)) refuseWith(ctx, SIGN_UP_MESSAGES.phoneInvalid);
});

export const COMPANY_TYPE_CODES = COMPANY_TYPES.map((entry) => entry.type) as [string, ...string[]];
/** Spec 1 §1 names the types in words ("processor", "hemp seed"); the codes are PROCESSOR, HEMP_SEED. */
export const CompanyTypeSchema = keyedEnum(COMPANY_TYPE_CODES, SIGN_UP_MESSAGES.typeRequired, true);

/** Spec 1 §5 bounds of the office address, refused by keys. */
const ADDRESS_FIELDS = {
  address: keyedText(255, { tooLong: VALIDATION_MESSAGES.characterLimit }, TextSchema.trim()),
  city: keyedText(100, { tooLong: SIGN_UP_MESSAGES.max100 }, TextSchema.trim()),
  state: keyedText(100, { tooLong: SIGN_UP_MESSAGES.max100 }, TextSchema.trim()),
  zip: keyedText(10, { tooLong: VALIDATION_MESSAGES.characterLimit }, TextSchema.trim()),
};

export const OfficeAddressSchema = z.object({
  address: nullAsAbsent(ADDRESS_FIELDS.address.default('')),
  city: nullAsAbsent(ADDRESS_FIELDS.city.default('')),
  state: nullAsAbsent(ADDRESS_FIELDS.state.default('')),
  zip: nullAsAbsent(ADDRESS_FIELDS.zip.default('')),
  country: nullAsAbsent(TextSchema.trim().max(2).default('US')),
});
export type OfficeAddress = z.infer<typeof OfficeAddressSchema>;

const Binary = z.union([z.literal(0), z.literal(1)]);

const KeyedSaleNumberSchema = TextSchema.superRefine((value, ctx) => {
  if (!isValidSaleNumber(value)) refuseWith(ctx, SIGN_UP_MESSAGES.saleNumberLength);
});

export const SaleNumberSchema = KeyedSaleNumberSchema.transform(normalizeSaleNumber);

export const RegisterCompanySchema = z
  .object({
    name: CompanyNameSchema,
    companyType: CompanyTypeSchema,
    manufactureForOther: nullAsAbsent(Binary.optional()),
    requiredMOQ: nullAsAbsent(Binary.optional()),
    officeAddress: OfficeAddressSchema,
    /** The prospect being claimed; empty ("", null or absent) when not claiming (spec 1 §3). */
    plCompanyId: emptyAsNull(IdSchema),
    claimCode: nullAsAbsent(TextSchema.trim().max(64).optional()),
    saleNumber: nullAsAbsent(SaleNumberSchema.optional()),
    promoCode: nullAsAbsent(TextSchema.trim().max(255).optional()),
  })
  .transform((company) =>
    // Processor answers are meaningful only for processors; drop them for any other type.
    company.companyType === 'PROCESSOR'
      ? company
      : { ...company, manufactureForOther: undefined, requiredMOQ: undefined },
  );

/** The business segments a sign-up chose (spec 1 §3 plSegmentIds): only the segments there are. */
const SignUpSegmentIdsSchema = nullAsAbsent(
  z
    .array(
      IdSchema.superRefine((id, ctx) => {
        if (!SEGMENT_IDS.includes(id)) refuseWith(ctx, SIGN_UP_MESSAGES.unknownSegment);
      }),
    )
    .max(10)
    .default([]),
);

const UserFields = {
  email: EmailSchema,
  password: SignUpPasswordSchema,
  firstName: NameSchema(SIGN_UP_MESSAGES.firstNameRequired),
  lastName: NameSchema(SIGN_UP_MESSAGES.lastNameRequired),
  phone: nullAsAbsent(keyedPhoneSchema(SIGN_UP_MESSAGES.phoneInvalid).optional()),
};

/** Spec 1 §3 "Registration payload (userRegister)"; the short sign-up sends no company. */
export const UserRegisterInputSchema = z.object({
  ...UserFields,
  inviteMemberCode: nullAsAbsent(TextSchema.trim().max(128).optional()),
  acceptedEula: z
    .unknown()
    .superRefine((value, ctx) => {
      if (value !== true) refuseWith(ctx, SIGN_UP_MESSAGES.eulaRequired);
    })
    .pipe(z.literal(true))
    .meta({ type: 'boolean', const: true }),
  plSegmentIds: SignUpSegmentIdsSchema,
  company: RegisterCompanySchema.optional(),
});
export type UserRegisterInput = z.input<typeof UserRegisterInputSchema>;

export const RegisterResultSchema = z.object({
  plUserId: IntSchema,
  plCompanyId: IntSchema.nullable(),
});
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/**
 * Spec 1 §7 sends the resend call's email "with its local part encoded" (`ada%2Bsignup@example.com`):
 * the local part is decoded before the address is checked. An address never holds a `%` (the email
 * rule refuses one), so no address that was accepted reads differently.
 */
function decodeLocalPart(value: string): string {
  // Typed as the query's text; a repeated parameter (an array) goes on to be refused as one.
  if (typeof value !== 'string') return value;
  const at = value.lastIndexOf('@');
  if (at < 0 || !value.slice(0, at).includes('%')) return value;
  try {
    return decodeURIComponent(value.slice(0, at)) + value.slice(at);
  } catch {
    return value;
  }
}

/** Spec 1 §3 "Resend code payload"; the same call sends the first code. */
export const SignUpCodeQuerySchema = z.object({
  email: z.preprocess(decodeLocalPart, EmailSchema),
  firstName: TextSchema.trim().max(100).default(''),
  lastName: TextSchema.trim().max(100).default(''),
  /** The sign-up page's language, which the email is written in; an unknown one is read as English. */
  language: z.enum(LANGUAGES).optional().catch(undefined),
});
export type SignUpCodeQuery = z.infer<typeof SignUpCodeQuerySchema>;

const SIGN_UP_CODE = new RegExp(`^\\d{${SIGN_UP_CODE_LENGTH}}$`);
export const VerifySignUpCodeInputSchema = z.object({
  email: EmailSchema,
  signUpCode: TextSchema.superRefine((value, ctx) => {
    if (!SIGN_UP_CODE.test(value)) refuseWith(ctx, SIGN_UP_MESSAGES.codeFormat);
  }).meta({ pattern: SIGN_UP_CODE.source }),
});
export type VerifySignUpCodeInput = z.infer<typeof VerifySignUpCodeInputSchema>;

/** Spec 1 §7 companyFilterListing (the duplicate check). */
export const CompanyFilterListingInputSchema = z.object({
  companyName: TextSchema.trim().min(1).max(255),
  officeAddress: z.object({ state: TextSchema.trim().max(100).default('') }).default({ state: '' }),
  companyType: oneOrMany(anySpellingEnum(['registered', 'prospect'])).default(['registered']),
  companyNameValidation: z.boolean().default(false),
  paginationOption: PaginationOptionSchema.default({ itemsPerPage: 1, currentPage: 1 }),
});
export type CompanyFilterListingInput = z.input<typeof CompanyFilterListingInputSchema>;

export const ProspectLocationSchema = z.object({
  address: TextSchema,
  city: TextSchema,
  state: TextSchema,
  zip: TextSchema,
  country: TextSchema,
});

export const CompanyOptionSchema = z.object({
  companyName: TextSchema,
  plCompanyId: IntSchema,
  locations: z.array(ProspectLocationSchema),
});
export type CompanyOption = z.infer<typeof CompanyOptionSchema>;

export const CompanyListingResultSchema = z.object({
  items: z.array(CompanyOptionSchema),
  totalItems: IntSchema,
});

/** Spec 1 §7 companyListing as the sign-up prospect search uses it (5 per page). */
export const CompanyListingInputSchema = nestedPaging(
  z.object({
    // Spec 1 §7 sends searchFor sign-up and companyType [prospect]; spec 2 §7 companyType prospect alone.
    searchFor: z.literal('sign-up').default('sign-up'),
    companyType: oneOrMany(anySpellingEnum(['prospect'])).default(['prospect']),
    companyName: TextSchema.trim().max(255).default(''),
    paginationOption: z
      .object({
        itemsPerPage: IntSchema.min(1).max(5).default(5),
        currentPage: IntSchema.min(1).max(1000).default(1),
      })
      .default({ itemsPerPage: 5, currentPage: 1 }),
  }),
);
export type CompanyListingInput = z.input<typeof CompanyListingInputSchema>;

/** Spec 1 §3 "Prospect detail": prefills the sign-up form. */
export const ProspectDetailSchema = z.object({
  plCompanyId: IntSchema,
  companyName: TextSchema,
  companyType: TextSchema.nullable(),
  officeAddress: ProspectLocationSchema,
  plSegmentIds: z.array(IntSchema),
  claimCode: TextSchema,
  prospectContact: z.object({
    firstName: TextSchema,
    lastName: TextSchema,
    email: TextSchema,
    phone: TextSchema,
  }),
});
export type ProspectDetail = z.infer<typeof ProspectDetailSchema>;

export const ClaimCodeInputSchema = z.object({ claimCode: TextSchema.trim().min(1).max(64) });

/** The sign-up form's check of its promo code before the email code goes out (spec 1 §8). */
export const SignUpPromoCodeInputSchema = z.object({
  promoCode: keyedText(
    255,
    { required: VALIDATION_MESSAGES.required, tooLong: VALIDATION_MESSAGES.characterLimit },
    TextSchema.trim(),
  ),
});

export const INVITE_ROLES = ['Company Admin', 'User', 'Weak User'] as const;

/**
 * A role an owner or admin may give (invite, role change), in the spellings `anySpellingEnum` reads
 * ('weak user', 'WEAK_USER'), else refused by its key: a role given but not one of these was
 * answered 'Role is required'.
 */
export const AssignableRoleSchema = keyedEnum(
  INVITE_ROLES,
  { key: 'team.messages.roleInvalid', message: 'Choose a role: Company Admin, User or Weak User' },
  true,
);

export const InviteMemberInputSchema = z.object({
  plCompanyId: IdSchema,
  email: EmailSchema,
  role: AssignableRoleSchema.default('User'),
});
export type InviteMemberInput = z.input<typeof InviteMemberInputSchema>;

export const InviteCodeInputSchema = z.object({ inviteMemberCode: TextSchema.trim().min(1).max(128) });

export const InviteDetailSchema = z.object({
  email: TextSchema,
  role: TextSchema,
  plCompanyId: IntSchema,
  companyName: TextSchema,
  invitedBy: TextSchema,
});
export type InviteDetail = z.infer<typeof InviteDetailSchema>;

/** Spec 2 §3 "Create company payload" for a signed-in user without a company. */
export const CreateCompanyInputSchema = z.object({
  company: RegisterCompanySchema,
  plSegmentIds: SignUpSegmentIdsSchema,
  logoUploadKey: nullAsAbsent(TextSchema.trim().max(512).optional()),
});
export type CreateCompanyInput = z.input<typeof CreateCompanyInputSchema>;

export const ImportProspectsInputSchema = z.object({
  csv: TextSchema.min(1, 'The CSV file is empty').max(900_000, 'The CSV file is too large'),
});

/** One prospect row of the import CSV (header names are matched case-insensitively). */
export const ProspectCsvRowSchema = z.object({
  companyName: CompanyNameSchema,
  companyType: TextSchema.trim()
    .transform((value) => value.toUpperCase().replace(/\s+/g, '_'))
    .pipe(z.union([CompanyTypeSchema, z.literal('')]))
    .default(''),
  address: TextSchema.trim().max(255).default(''),
  city: TextSchema.trim().max(100).default(''),
  state: TextSchema.trim().max(100).default(''),
  zip: TextSchema.trim().max(10).default(''),
  country: TextSchema.trim().max(2).default('US'),
  segments: TextSchema.trim().default(''),
  contactFirstName: TextSchema.trim().max(100).default(''),
  contactLastName: TextSchema.trim().max(100).default(''),
  contactEmail: EmailSchema,
  contactPhone: PhoneSchema.default(''),
});

export const ProspectImportJobSchema = z.object({
  jobId: TextSchema,
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  totalRows: IntSchema,
  importedRows: IntSchema,
  errors: z.array(z.object({ line: IntSchema, messages: z.array(TextSchema) })),
});
export type ProspectImportJob = z.infer<typeof ProspectImportJobSchema>;

export const AddressSuggestionSchema = z.object({
  corporateOfficeAddress: TextSchema,
  city: TextSchema,
  state: TextSchema,
  country: TextSchema,
  zip: TextSchema,
  fullAddress: TextSchema,
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

export const AddressSuggestionQuerySchema = z.object({
  query: TextSchema.trim().min(1).max(200),
  country: anySpellingEnum(['US', 'CA']).default('US'),
});

/** The company onboarding form (spec 1 §2) as the user fills it; mapped to the payload on submit. */
export const CompanyOnboardingFormSchema = z.object({
  companyName: CompanyNameSchema,
  typeOfCompany: TextSchema.superRefine((value, ctx) => {
    if (value.length === 0) refuseWith(ctx, SIGN_UP_MESSAGES.typeRequired);
  }),
  segmentId: IntSchema.nullable(),
  manufactureForOther: z.boolean(),
  requiredMOQ: z.boolean(),
  ...ADDRESS_FIELDS,
  claimCode: TextSchema.trim().max(64),
  plCompanyId: IntSchema.nullable(),
  saleNumber: KeyedSaleNumberSchema,
  firstName: NameSchema(SIGN_UP_MESSAGES.firstNameRequired),
  lastName: NameSchema(SIGN_UP_MESSAGES.lastNameRequired),
  phone: FormPhoneSchema,
  email: EmailSchema,
  password: SignUpPasswordSchema,
  promoCode: keyedText(255, { tooLong: VALIDATION_MESSAGES.characterLimit }, TextSchema.trim()),
  acceptedEula: z.boolean(),
});
export type CompanyOnboardingForm = z.input<typeof CompanyOnboardingFormSchema>;

/** The short personal sign-up (spec 1 §2): user fields only. */
export const PersonalSignUpFormSchema = z.object({
  firstName: NameSchema(SIGN_UP_MESSAGES.firstNameRequired),
  lastName: NameSchema(SIGN_UP_MESSAGES.lastNameRequired),
  phone: FormPhoneSchema,
  email: EmailSchema,
  password: SignUpPasswordSchema,
  acceptedEula: z.boolean(),
});
export type PersonalSignUpForm = z.input<typeof PersonalSignUpFormSchema>;
