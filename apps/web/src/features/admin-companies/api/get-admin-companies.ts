import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCompanyListing } from '@trustleaf/domain/api/admin';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';

type Input = EndpointInput<typeof adminCompanyListing>;

/** The key every page and filter of the listing starts with: what a change to a company refreshes. */
export const adminCompaniesKey = ['admin', 'companies'] as const;

export function getAdminCompaniesQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminCompaniesKey, input] as const,
    queryFn: ({ signal }) => api.call(adminCompanyListing, input, { signal }),
  });
}

export function useAdminCompanies(input: Input, enabled = true) {
  return useQuery({ ...getAdminCompaniesQueryOptions(input), placeholderData: keepPreviousData, enabled });
}
