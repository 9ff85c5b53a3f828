import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { getSystemSettings, getSystemStatus, updateSystemSetting } from '@trustleaf/domain/api/system';
import { api } from '@/lib/api';

export const systemKeys = {
  settings: ['system', 'settings'] as const,
  status: ['system', 'status'] as const,
};

/** How often an open page looks for a maintenance announcement. */
const STATUS_POLL_MS = 60_000;

/** The platform's status for the maintenance banner: read on every shell page, kept fresh while open. */
export function useSystemStatus(enabled: boolean) {
  return useQuery({
    queryKey: systemKeys.status,
    queryFn: () => api.call(getSystemStatus, {}),
    enabled,
    refetchInterval: STATUS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useSystemSettings() {
  return useQuery({
    queryKey: systemKeys.settings,
    queryFn: () => api.call(getSystemSettings, {}),
    refetchOnMount: 'always',
  });
}

export function useUpdateSystemSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof updateSystemSetting>) => api.call(updateSystemSetting, input),
    onSuccess: (settings) => {
      queryClient.setQueryData(systemKeys.settings, settings);
      queryClient.setQueryData(systemKeys.status, settings.system_status);
    },
  });
}
