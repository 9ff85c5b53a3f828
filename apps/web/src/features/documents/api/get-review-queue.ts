import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewQueue } from '@trustleaf/domain/api/documents';
import type { EndpointOutput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';

export type ReviewQueueItem = EndpointOutput<typeof reviewQueue>['items'][number];

export const getReviewQueue = () => api.call(reviewQueue, {});

export function getReviewQueueQueryOptions() {
  return queryOptions({ queryKey: ['documents', 'queue'] as const, queryFn: getReviewQueue });
}

export function useReviewQueue() {
  return useQuery({ ...getReviewQueueQueryOptions(), select: (data) => data.items });
}
