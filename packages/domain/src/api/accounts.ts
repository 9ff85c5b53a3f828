import { z } from 'zod';
import {
  AddressSuggestionQuerySchema,
  AddressSuggestionSchema,
  ClaimCodeInputSchema,
  CompanyFilterListingInputSchema,
  CompanyListingInputSchema,
  CompanyListingResultSchema,
  CreateCompanyInputSchema,
  ProspectDetailSchema,
  RegisterResultSchema,
  SignUpCodeQuerySchema,
  SignUpPromoCodeInputSchema,
  UserRegisterInputSchema,
  VerifySignUpCodeInputSchema,
} from '../schemas/accounts.ts';
import { IntSchema, TextSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Sign-up and prospects (spec 1 §2, spec 3 §7 "Auth, user and account
 * wrappers" and "Company wrappers"): the spec spreads these calls over the auth, user, company and
 * address areas.
 */
const OkSchema = z.object({ ok: z.literal(true) });
const tag = 'accounts';

export const signUpCode = endpoint({
  method: 'GET',
  path: '/api/auth/signUpCode',
  input: SignUpCodeQuerySchema,
  output: OkSchema,
  access: 'public',
  tag,
  summary: 'Email a sign-up code',
  description:
    'Sends a six-digit code to the address to start sign-up (spec 1 §2). An address with an account is CONFLICT; codes and resends are attempt-limited (RATE_LIMITED).',
  errors: ['CONFLICT', 'RATE_LIMITED'],
});

export const verifySignUpCode = endpoint({
  method: 'POST',
  path: '/api/auth/verifySignUpCode',
  input: VerifySignUpCodeInputSchema,
  output: OkSchema,
  access: 'public',
  tag,
  summary: 'Check a sign-up code',
  description:
    "Confirms the code sent to the address; a wrong code counts against the address's tries (RATE_LIMITED when spent), an expired one is VALIDATION_FAILED.",
  errors: ['RATE_LIMITED'],
});

export const register = endpoint({
  method: 'POST',
  path: '/api/user/register',
  input: UserRegisterInputSchema,
  output: RegisterResultSchema,
  access: 'public',
  tag,
  summary: 'Create the account (and company) after the code',
  description:
    'Creates the user with a verified address, their company or a claimed prospect, and a first plan choice, and answers the new ids. An address or company already registered is CONFLICT; registrations are limited per address (RATE_LIMITED).',
  errors: ['CONFLICT', 'RATE_LIMITED'],
});

export const companyFilterListing = endpoint({
  method: 'POST',
  path: '/api/company/companyFilterListing',
  input: CompanyFilterListingInputSchema,
  output: CompanyListingResultSchema,
  access: 'public',
  tag,
  summary: 'Search prospects to claim at sign-up',
  description:
    "Prospect companies matching a name, state and business type, paged, for sign-up's 'find your company' step; only public prospect fields.",
});

export const companyListing = endpoint({
  method: 'POST',
  path: '/api/company/companyListing',
  input: CompanyListingInputSchema,
  output: CompanyListingResultSchema,
  access: 'public',
  tag,
  summary: 'List prospects by name',
  description:
    "Prospect companies whose name matches, paged, for sign-up's search; only public prospect fields.",
});

export const checkPromoCode = endpoint({
  method: 'POST',
  path: '/api/user/checkPromoCode',
  input: SignUpPromoCodeInputSchema,
  output: z.object({ promoCode: TextSchema }),
  access: 'public',
  tag,
  summary: 'Check a promo code at sign-up',
  description:
    'Whether a promo code can be used, before the account exists. Limited per address per minute (RATE_LIMITED).',
  errors: ['INVALID_PROMO_CODE', 'MAX_USAGE_PROMO_CODE', 'RATE_LIMITED'],
});

export const getProspectDetail = endpoint({
  method: 'POST',
  path: '/api/company/getProspectDetail',
  input: ClaimCodeInputSchema,
  output: ProspectDetailSchema,
  access: 'public',
  tag,
  summary: 'A prospect by its claim code',
  description:
    'The prospect a claim code (from an invitation mail) opens, to prefill sign-up; an unknown or used code is NOT_FOUND.',
});

export const createCompany = endpoint({
  method: 'POST',
  path: '/api/company/createCompany',
  input: CreateCompanyInputSchema,
  output: z.object({ plCompanyId: IntSchema }),
  access: 'user',
  tag,
  summary: 'Create a company for a signed-in user who has none',
  description:
    "Creates a company with the caller as its owner (spec 3 §5 field rules). A caller who already belongs to a company (or a super admin) is CONFLICT ('You already belong to a company'), as is a company of the same normalised name in the state.",
  errors: ['CONFLICT'],
});

export const addressSuggestions = endpoint({
  method: 'GET',
  path: '/api/address/suggestions',
  input: AddressSuggestionQuerySchema,
  output: z.array(AddressSuggestionSchema),
  access: 'public',
  tag,
  summary: 'Address suggestions while typing',
  description: 'Street addresses matching what was typed in a country, for the sign-up and company forms.',
});
