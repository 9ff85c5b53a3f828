import { queryOptions, useQuery } from '@tanstack/react-query';
import { reasonListing } from '@trustleaf/domain/api/documents';
import type { Reason } from '@trustleaf/domain/schemas/document';
import { api } from '@/lib/api';

export const getReasons = () => api.call(reasonListing, { reasonType: 'REJECT' });

export function getReasonsQueryOptions() {
  return queryOptions({ queryKey: ['documents', 'reasons'] as const, queryFn: getReasons });
}

export function useReasons(enabled = true) {
  return useQuery({
    ...getReasonsQueryOptions(),
    enabled,
    select: (data): Reason[] => data.reasons,
  });
}
