import { DUPLICATE_CHECK_PAGE_SIZE } from '@trustleaf/domain/rules/sign-up';
import type { CompanyOption } from '@trustleaf/domain/schemas/accounts';
import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

/** The duplicate check (spec 1 §7 companyFilterListing): the first registered match, if any. */
export async function findDuplicateCompany(
  companyName: string,
  state: string,
): Promise<CompanyOption | null> {
  const { companyFilterListing } = await loadAccountsContracts();
  const result = await api.call(companyFilterListing, {
    companyName,
    officeAddress: { state },
    companyType: ['registered'],
    companyNameValidation: true,
    paginationOption: { itemsPerPage: DUPLICATE_CHECK_PAGE_SIZE, currentPage: 1 },
  });
  return result.items[0] ?? null;
}
