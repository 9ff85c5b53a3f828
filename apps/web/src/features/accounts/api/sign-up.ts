import {
  CompanyListingResultSchema,
  InviteDetailSchema,
  ProspectDetailSchema,
  RegisterResultSchema,
  AddressSuggestionSchema,
  type AddressSuggestion,
  type CompanyOption,
  type CreateCompanyInput,
  type InviteDetail,
  type ProspectDetail,
  type RegisterResult,
  type UserRegisterInput,
} from '@trustleaf/domain/schemas/accounts';
import { DUPLICATE_CHECK_PAGE_SIZE, PROSPECT_SEARCH_PAGE_SIZE } from '@trustleaf/domain/rules/sign-up';
import { z } from 'zod';
import { api } from '@/lib/api';

/** Spec 1 §7 resendSignUpCode; the first send is the same call. */
export function sendSignUpCode(input: { email: string; firstName: string; lastName: string }) {
  const query = new URLSearchParams(input);
  return api.request(`/api/auth/signUpCode?${query.toString()}`, { method: 'GET', auth: false });
}

export function verifySignUpCode(input: { email: string; signUpCode: string }) {
  return api.request('/api/auth/verifySignUpCode', { body: input, auth: false });
}

export function registerUser(input: UserRegisterInput): Promise<RegisterResult> {
  return api.request('/api/user/register', { body: input, auth: false, schema: RegisterResultSchema });
}

/** The duplicate check (spec 1 §7 companyFilterListing): the first registered match, if any. */
export async function findDuplicateCompany(
  companyName: string,
  state: string,
): Promise<CompanyOption | null> {
  const result = await api.request('/api/company/companyFilterListing', {
    auth: false,
    schema: CompanyListingResultSchema,
    body: {
      companyName,
      officeAddress: { state },
      companyType: ['registered'],
      companyNameValidation: true,
      paginationOption: { itemsPerPage: DUPLICATE_CHECK_PAGE_SIZE, currentPage: 1 },
    },
  });
  return result.items[0] ?? null;
}

export async function searchProspects(companyName: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  const result = await api.request('/api/company/companyListing', {
    auth: false,
    signal,
    schema: CompanyListingResultSchema,
    body: {
      searchFor: 'sign-up',
      companyType: ['prospect'],
      companyName,
      paginationOption: { itemsPerPage: PROSPECT_SEARCH_PAGE_SIZE, currentPage: 1 },
    },
  });
  return result.items;
}

export function getProspectDetail(claimCode: string): Promise<ProspectDetail> {
  return api.request('/api/company/getProspectDetail', {
    auth: false,
    body: { claimCode },
    schema: ProspectDetailSchema,
  });
}

/**
 * Billing's promo check without a session: the sign-up form checks the promo code before it sends the
 * email code; registration then applies it to the new company.
 */
export async function checkPromoCode(promoCode: string): Promise<void> {
  await api.request('/api/user/checkPromoCode', { auth: false, body: { promoCode } });
}

export function getInviteDetail(inviteMemberCode: string): Promise<InviteDetail> {
  return api.request('/api/company/getInviteMemberCodeDetail', {
    auth: false,
    body: { inviteMemberCode },
    schema: InviteDetailSchema,
  });
}

export function createCompany(input: CreateCompanyInput) {
  return api.request('/api/company/createCompany', {
    body: input,
    schema: z.object({ plCompanyId: z.number().int() }),
  });
}

export function suggestAddresses(
  query: string,
  country: 'US' | 'CA',
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const params = new URLSearchParams({ query, country });
  return api.request(`/api/address/suggestions?${params.toString()}`, {
    method: 'GET',
    auth: false,
    signal,
    schema: z.array(AddressSuggestionSchema),
  });
}
