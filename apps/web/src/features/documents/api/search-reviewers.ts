import { queryOptions, useQuery } from '@tanstack/react-query';
import { directoryCompanies } from '@trustleaf/domain/api/directory';
import { DIRECTORY_QUERY_MIN } from '@trustleaf/domain/schemas/directory';
import { api } from '@/lib/api';

export const searchReviewers = (q: string, signal?: AbortSignal) =>
  api.call(directoryCompanies, { q, pageSize: 10 }, { signal });

export function getReviewerSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['documents', 'reviewer-search', q] as const,
    queryFn: ({ signal }) => searchReviewers(q, signal),
  });
}

/** Companies to choose a reviewer from: the public directory's name search (at least 3 characters). */
export function useReviewerSearch(q: string) {
  return useQuery({
    ...getReviewerSearchQueryOptions(q),
    enabled: q.length >= DIRECTORY_QUERY_MIN,
    select: (data) => data.items,
  });
}
