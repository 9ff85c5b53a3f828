import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListing } from '@trustleaf/domain/api/admin';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';

type Input = EndpointInput<typeof userListing>;

/** The key every page and filter of the listing starts with: what a change to a user refreshes. */
export const adminUsersKey = ['admin', 'users'] as const;

export function getAdminUsersQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminUsersKey, input] as const,
    queryFn: ({ signal }) => api.call(userListing, input, { signal }),
  });
}

export const useAdminUsers = (input: Input) =>
  useQuery({ ...getAdminUsersQueryOptions(input), placeholderData: keepPreviousData });
