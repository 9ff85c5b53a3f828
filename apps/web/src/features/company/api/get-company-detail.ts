import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCompanyDetail as contract } from '@trustleaf/domain/api/company';
import { api } from '@/lib/api';

export const getCompanyDetail = (plCompanyId: number) => api.call(contract, { plCompanyId });

export function getCompanyDetailQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['company', 'detail', plCompanyId] as const,
    queryFn: () => getCompanyDetail(plCompanyId),
  });
}

export function useCompanyDetail(plCompanyId: number) {
  return useQuery(getCompanyDetailQueryOptions(plCompanyId));
}
