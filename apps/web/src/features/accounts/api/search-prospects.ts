import { PROSPECT_SEARCH_PAGE_SIZE } from '@trustleaf/domain/rules/sign-up';
import type { CompanyOption } from '@trustleaf/domain/schemas/accounts';
import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

/** The prospects whose name matches, for claiming one on sign-up (spec 1 §7 companyListing). */
export async function searchProspects(companyName: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  const { companyListing } = await loadAccountsContracts();
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
