import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSystemSettings } from '@trustleaf/domain/api/system';
import { api } from '@/lib/api';

export function getSystemSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'settings'] as const,
    queryFn: () => api.call(getSystemSettings, {}),
  });
}

export const useSystemSettings = () =>
  useQuery({ ...getSystemSettingsQueryOptions(), refetchOnMount: 'always' });
