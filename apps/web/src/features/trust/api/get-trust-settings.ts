import { queryOptions, useQuery } from '@tanstack/react-query';
import { trustProfileSettings } from '@trustleaf/domain/api/trust';
import { api } from '@/lib/api';
import { trustKeys } from './keys';

export const getTrustSettingsQueryOptions = (plCompanyId: number) =>
  queryOptions({
    queryKey: trustKeys.settings(plCompanyId),
    queryFn: () => api.call(trustProfileSettings, { plCompanyId }),
  });

export const useTrustSettings = (plCompanyId: number) => useQuery(getTrustSettingsQueryOptions(plCompanyId));
