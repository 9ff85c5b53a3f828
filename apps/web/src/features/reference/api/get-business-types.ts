import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessTypeListing } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';

export const getBusinessTypes = () => api.call(businessTypeListing, {});

export function getBusinessTypesQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'admin', 'business-types'] as const,
    queryFn: getBusinessTypes,
  });
}

export const useBusinessTypes = () => useQuery(getBusinessTypesQueryOptions());
