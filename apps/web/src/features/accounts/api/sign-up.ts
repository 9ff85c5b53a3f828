import {
  addressSuggestions,
  checkPromoCode as checkPromoCodeEndpoint,
  companyFilterListing,
  companyListing,
  createCompany as createCompanyEndpoint,
  getProspectDetail as getProspectDetailEndpoint,
  register,
  signUpCode,
  verifySignUpCode as verifySignUpCodeEndpoint,
} from '@trustleaf/domain/api/accounts';
import { getInviteMemberCodeDetail } from '@trustleaf/domain/api/team';
import type {
  AddressSuggestion,
  CompanyOption,
  CreateCompanyInput,
  InviteDetail,
  ProspectDetail,
  RegisterResult,
  UserRegisterInput,
} from '@trustleaf/domain/schemas/accounts';
import { DUPLICATE_CHECK_PAGE_SIZE, PROSPECT_SEARCH_PAGE_SIZE } from '@trustleaf/domain/rules/sign-up';
import { api } from '@/lib/api';

/** Spec 1 §7 resendSignUpCode; the first send is the same call. */
export function sendSignUpCode(input: { email: string; firstName: string; lastName: string }) {
  return api.call(signUpCode, input);
}

export function verifySignUpCode(input: { email: string; signUpCode: string }) {
  return api.call(verifySignUpCodeEndpoint, input);
}

export function registerUser(input: UserRegisterInput): Promise<RegisterResult> {
  return api.call(register, input);
}

/** The duplicate check (spec 1 §7 companyFilterListing): the first registered match, if any. */
export async function findDuplicateCompany(
  companyName: string,
  state: string,
): Promise<CompanyOption | null> {
  const result = await api.call(companyFilterListing, {
    companyName,
    officeAddress: { state },
    companyType: ['registered'],
    companyNameValidation: true,
    paginationOption: { itemsPerPage: DUPLICATE_CHECK_PAGE_SIZE, currentPage: 1 },
  });
  return result.items[0] ?? null;
}

export async function searchProspects(companyName: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  const result = await api.call(
    companyListing,
    {
      searchFor: 'sign-up',
      companyType: ['prospect'],
      companyName,
      paginationOption: { itemsPerPage: PROSPECT_SEARCH_PAGE_SIZE, currentPage: 1 },
    },
    { signal },
  );
  return result.items;
}

export function getProspectDetail(claimCode: string): Promise<ProspectDetail> {
  return api.call(getProspectDetailEndpoint, { claimCode });
}

/**
 * Billing's promo check without a session: the sign-up form checks the promo code before it sends the
 * email code; registration then applies it to the new company.
 */
export async function checkPromoCode(promoCode: string): Promise<void> {
  await api.call(checkPromoCodeEndpoint, { promoCode });
}

export function getInviteDetail(inviteMemberCode: string): Promise<InviteDetail> {
  return api.call(getInviteMemberCodeDetail, { inviteMemberCode });
}

export function createCompany(input: CreateCompanyInput) {
  return api.call(createCompanyEndpoint, input);
}

export function suggestAddresses(
  query: string,
  country: 'US' | 'CA',
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  return api.call(addressSuggestions, { query, country }, { signal });
}
