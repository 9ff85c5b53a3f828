import { z } from 'zod';
import {
  BusinessTypeChangedSchema,
  ChangeBusinessTypeInputSchema,
  CompanyListingInputSchema,
  CompanyListingSchema,
  CompanyStatusChangedSchema,
  ExportCompanyListingInputSchema,
  SetUserDisabledInputSchema,
  UpdateCompanyStatusInputSchema,
  UserAdminResultSchema,
  UserIdInputSchema,
  UserListingInputSchema,
  UserListingSchema,
} from '../schemas/admin.ts';
import { endpoint } from './endpoint.ts';

/**
 * The super admin's companies and users screens (spec 3 §2 admin tabs, §7 company wrappers). Every
 * call here is for super admins only: anyone else gets 403 FORBIDDEN.
 */

/** `companyListing` itself is sign-up's public prospect search (spec 2), so this one has its own path. */
export const adminCompanyListing = endpoint({
  method: 'POST',
  path: '/api/company/adminCompanyListing',
  input: CompanyListingInputSchema,
  output: CompanyListingSchema,
  access: 'user',
  tag: 'company',
  summary: 'Search every company (super admin)',
  description:
    'Super admins search companies by part of the name, business type, state, status and the plan of the live subscription (0: none), newest first, paged (at most 10000 a page, spec 3 §9). Anyone else is FORBIDDEN.',
});

/** The company export: a file streamed as it is written, its row count in the `x-total-count` header. */
export const exportCompanyListing = endpoint({
  method: 'POST',
  path: '/api/company/exportCompanyListing',
  input: ExportCompanyListingInputSchema,
  output: z.never(),
  file: { contentType: 'text/csv (UTF-8) or XLSX, by the format asked for' },
  access: 'user',
  tag: 'company',
  summary: 'Export the searched companies as CSV or XLSX (super admin)',
  description:
    'Super admins download every company matching the listing filters (name, business type, state, status, plan), newest first, as CSV (UTF-8, formula-looking cells neutralised) or XLSX, streamed as it is written. The x-total-count header carries the number of rows, for progress. Spec 3 §9 caps an export at 10000 rows: filters matching more are refused (400) with a message naming both numbers, rather than cut short. Anyone else is FORBIDDEN.',
});

export const updateCompanyStatus = endpoint({
  method: 'POST',
  path: '/api/company/updateCompanyStatus',
  input: UpdateCompanyStatusInputSchema,
  output: CompanyStatusChangedSchema,
  access: 'user',
  tag: 'company',
  summary: "Set a company's status: ACTIVE, SUSPENDED, CANCELED or TERMINATED (super admin)",
  description:
    "Super admins set a company's status. SUSPENDED and TERMINATED refuse its members' sign-ins and end their open sessions at once; ACTIVE and CANCELED let them sign in. TERMINATED is final, and setting the current status again is CONFLICT. The change is in the company's activity log with the admin's name. Anyone else is FORBIDDEN.",
  errors: ['CONFLICT'],
});

export const changeBusinessType = endpoint({
  method: 'POST',
  path: '/api/company/changeBusinessType',
  input: ChangeBusinessTypeInputSchema,
  output: BusinessTypeChangedSchema,
  access: 'user',
  tag: 'company',
  summary: "Change a company's business type (super admin)",
  description:
    "Super admins change a company's business type (spec 3 §7 changeBusinessType; the screen confirms first, since it resets part of the qredibility forms). An unknown business type is VALIDATION_FAILED; the same one again is CONFLICT. The change is in the company's activity log. Anyone else is FORBIDDEN.",
  errors: ['CONFLICT'],
});

export const userListing = endpoint({
  method: 'POST',
  path: '/api/user/userListing',
  input: UserListingInputSchema,
  output: UserListingSchema,
  access: 'user',
  tag: 'user',
  summary: 'Search every user (super admin)',
  description:
    'Super admins search users by part of the name or email and by status (ACTIVE, DISABLED), newest first, paged (at most 10000 a page, spec 3 §9), with each user’s company, role, open sign-ins and any address waiting for verification. Anyone else is FORBIDDEN.',
});

export const setUserDisabled = endpoint({
  method: 'POST',
  path: '/api/user/setUserDisabled',
  input: SetUserDisabledInputSchema,
  output: UserAdminResultSchema,
  access: 'user',
  tag: 'user',
  summary: 'Disable or enable a user account (super admin)',
  description:
    'Super admins disable an account (its sign-ins end at once and it cannot sign in) or enable it again. A super admin cannot disable their own account (CONFLICT). Recorded in the activity log. Anyone else is FORBIDDEN.',
  errors: ['CONFLICT'],
});

export const endUserSessions = endpoint({
  method: 'POST',
  path: '/api/user/endUserSessions',
  input: UserIdInputSchema,
  output: UserAdminResultSchema,
  access: 'user',
  tag: 'user',
  summary: 'End every sign-in of a user (super admin)',
  description:
    'Super admins end every open sign-in of a user, live sockets included; answers how many ended. A super admin cannot end their own sign-ins here (CONFLICT; the account settings sign out the other devices). Recorded in the activity log. Anyone else is FORBIDDEN.',
  errors: ['CONFLICT'],
});

export const resendVerification = endpoint({
  method: 'POST',
  path: '/api/user/resendVerification',
  input: UserIdInputSchema,
  output: UserAdminResultSchema,
  access: 'user',
  tag: 'user',
  summary: "Send a user's email verification code again (super admin)",
  description:
    'Super admins send a new 6-digit code (valid 15 minutes; the earlier one stops working) to the address a user is changing to. CONFLICT when no address is waiting for verification; RATE_LIMITED past 5 codes an hour per user. Anyone else is FORBIDDEN.',
  errors: ['CONFLICT', 'RATE_LIMITED'],
});
