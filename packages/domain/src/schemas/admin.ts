import { z } from 'zod';
import { COMPANY_STATUSES, SETTABLE_COMPANY_STATUSES } from '../rules/company-status.ts';
import {
  anySpellingEnum,
  flatPaging,
  IdSchema,
  IntSchema,
  keyedText,
  MAX_PAGE_SIZE,
  TextSchema,
  VALIDATION_MESSAGES,
} from './common.ts';

/** A listing's search text: at most 100 characters, refused by key. */
const SearchTextSchema = keyedText(100, { tooLong: VALIDATION_MESSAGES.characterLimit }, TextSchema.trim());
import { CompanySummarySchema, StateCodeSchema } from './company.ts';

/**
 * The super admin's companies and users screens (spec 3 §2 admin tabs, §3 Company and User, §7
 * companyListing, exportCompanyListing, changeBusinessType).
 */
/** A US or Canadian state/province code: 2 characters, upper-cased (spec 3 §3). */
const StateFilterSchema = StateCodeSchema;

/** The filters the listing and the export share (spec 3 §7 companyFilterListing). */
export const CompanyFilterSchema = z.object({
  /** Part of the company name, any case. */
  search: SearchTextSchema.optional(),
  /** The business type ("type of company"). */
  businessTypeId: IdSchema.optional(),
  state: StateFilterSchema.optional(),
  status: anySpellingEnum(COMPANY_STATUSES).optional(),
  /** The plan of the company's live subscription; 0 for companies without one. */
  plPlanId: IntSchema.min(0).optional(),
});
export type CompanyFilter = z.infer<typeof CompanyFilterSchema>;

/** Spec 3 §9: an export holds at most 10000 rows, as a page does. */
export const COMPANY_EXPORT_MAX_ROWS = MAX_PAGE_SIZE;

export const CompanyListingInputSchema = flatPaging(
  CompanyFilterSchema.extend({
    currentPage: IntSchema.min(1).default(1),
    itemsPerPage: IntSchema.min(1).max(MAX_PAGE_SIZE).default(25),
  }),
);
export type CompanyListingInput = z.input<typeof CompanyListingInputSchema>;

export const CompanyListingRowSchema = CompanySummarySchema.extend({
  businessTypeId: IntSchema.nullable(),
  /** The plan of the live subscription, if any. */
  plPlanId: IntSchema.nullable(),
  plan: TextSchema.nullable(),
  memberCount: IntSchema,
  createdAt: z.iso.datetime(),
});
export type CompanyListingRow = z.infer<typeof CompanyListingRowSchema>;

export const CompanyListingSchema = z.object({
  items: z.array(CompanyListingRowSchema),
  total: IntSchema,
});
export type CompanyListing = z.infer<typeof CompanyListingSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ExportCompanyListingInputSchema = CompanyFilterSchema.extend({
  format: anySpellingEnum(EXPORT_FORMATS).default('csv'),
});
export type ExportCompanyListingInput = z.input<typeof ExportCompanyListingInputSchema>;

/** The export's columns, in order: the header row of the CSV and of the sheet. */
export const COMPANY_EXPORT_COLUMNS = [
  'plCompanyId',
  'companyName',
  'businessType',
  'state',
  'country',
  'kind',
  'status',
  'plan',
  'memberCount',
  'createdAt',
] as const satisfies readonly (keyof CompanyListingRow)[];

/** The response header carrying the number of rows an export will hold (the client's progress). */
export const EXPORT_TOTAL_HEADER = 'x-total-count';

export const UpdateCompanyStatusInputSchema = z.object({
  plCompanyId: IdSchema,
  status: anySpellingEnum(SETTABLE_COMPANY_STATUSES),
});
export type UpdateCompanyStatusInput = z.input<typeof UpdateCompanyStatusInputSchema>;

export const CompanyStatusChangedSchema = z.object({
  plCompanyId: IntSchema,
  status: z.enum(COMPANY_STATUSES),
  /** Sign-ins of the company's members ended by the change. */
  signedOut: IntSchema,
});

export const ChangeBusinessTypeInputSchema = z.object({
  plCompanyId: IdSchema,
  businessTypeId: IdSchema,
});
export type ChangeBusinessTypeInput = z.input<typeof ChangeBusinessTypeInputSchema>;

export const BusinessTypeChangedSchema = z.object({
  plCompanyId: IntSchema,
  businessTypeId: IntSchema,
  businessType: TextSchema,
});

export const USER_STATUSES = ['ACTIVE', 'DISABLED'] as const;

export const UserListingInputSchema = flatPaging(
  z.object({
    /** Part of the name or the email, any case. */
    search: SearchTextSchema.optional(),
    status: anySpellingEnum(USER_STATUSES).optional(),
    currentPage: IntSchema.min(1).default(1),
    itemsPerPage: IntSchema.min(1).max(MAX_PAGE_SIZE).default(25),
  }),
);
export type UserListingInput = z.input<typeof UserListingInputSchema>;

export const UserListingRowSchema = z.object({
  plUserId: IntSchema,
  firstName: TextSchema,
  lastName: TextSchema,
  email: TextSchema,
  isSuperAdmin: z.boolean(),
  status: z.enum(USER_STATUSES),
  /** The oldest active membership's company. */
  plCompanyId: IntSchema.nullable(),
  companyName: TextSchema.nullable(),
  role: TextSchema.nullable(),
  /** A new address waiting for its verification code (an email change). */
  pendingEmail: TextSchema.nullable(),
  activeSessions: IntSchema,
  createdAt: z.iso.datetime(),
});
export type UserListingRow = z.infer<typeof UserListingRowSchema>;

export const UserListingSchema = z.object({ items: z.array(UserListingRowSchema), total: IntSchema });
export type UserListing = z.infer<typeof UserListingSchema>;

export const SetUserDisabledInputSchema = z.object({ plUserId: IdSchema, disabled: z.boolean() });
export type SetUserDisabledInput = z.input<typeof SetUserDisabledInputSchema>;

export const UserIdInputSchema = z.object({ plUserId: IdSchema });

export const UserAdminResultSchema = z.object({
  plUserId: IntSchema,
  status: z.enum(USER_STATUSES),
  signedOut: IntSchema,
});
export type UserAdminResult = z.infer<typeof UserAdminResultSchema>;
