import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { userActivity } from '@trustleaf/domain/api/profile';
import { api } from '@/lib/api';

export type ActivityQuery = EndpointInput<typeof userActivity>;

export function getActivityQueryOptions(query: ActivityQuery) {
  return queryOptions({
    queryKey: ['activity', query] as const,
    queryFn: () => api.call(userActivity, query),
  });
}

export const useActivity = (query: ActivityQuery) =>
  useQuery({ ...getActivityQueryOptions(query), refetchOnMount: 'always' });

/** Every entry of the filter, for the export (spec 3 §9: 10000 at most). */
export function fetchAllActivity(query: ActivityQuery) {
  return api.call(userActivity, { ...query, currentPage: 1, itemsPerPage: 10000 });
}
