import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewerListing } from '@trustleaf/domain/api/documents';
import { api } from '@/lib/api';

export const getReviewers = (plCompanyId: number, signal?: AbortSignal) =>
  api.call(reviewerListing, { plCompanyId }, { signal });

export function getReviewersQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['documents', 'reviewers', plCompanyId] as const,
    queryFn: ({ signal }) => getReviewers(plCompanyId, signal),
  });
}

export function useReviewers(plCompanyId: number) {
  return useQuery({ ...getReviewersQueryOptions(plCompanyId), select: (data) => data.reviewers });
}
