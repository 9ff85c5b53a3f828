import { queryOptions, useQuery } from '@tanstack/react-query';
import { segmentListing } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';

export const getSegments = () => api.call(segmentListing, {});

export function getSegmentsQueryOptions() {
  return queryOptions({ queryKey: ['reference', 'admin', 'segments'] as const, queryFn: getSegments });
}

export const useSegments = () => useQuery(getSegmentsQueryOptions());
