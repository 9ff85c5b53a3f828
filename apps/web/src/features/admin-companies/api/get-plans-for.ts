import { queryOptions, useQuery } from '@tanstack/react-query';
import { planListing } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';

export function getPlansForQueryOptions(plCompanyId: number | null) {
  return queryOptions({
    queryKey: ['admin', 'plans', plCompanyId] as const,
    queryFn: async () => (await api.call(planListing, plCompanyId ? { plCompanyId } : {})).items,
    staleTime: 60_000,
  });
}

/** Every plan (a super admin also sees inactive ones); with a company, the ones offered to it. */
export const usePlansFor = (plCompanyId: number | null) => useQuery(getPlansForQueryOptions(plCompanyId));
