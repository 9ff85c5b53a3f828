import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationListing } from '@trustleaf/domain/api/company';
import { api } from '@/lib/api';

export const getLocations = (plCompanyId: number) => api.call(locationListing, { plCompanyId });

export function getLocationsQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['company', 'locations', plCompanyId] as const,
    queryFn: () => getLocations(plCompanyId),
  });
}

export function useLocations(plCompanyId: number) {
  return useQuery({ ...getLocationsQueryOptions(plCompanyId), select: (data) => data.locations });
}
