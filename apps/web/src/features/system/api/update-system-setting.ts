import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { updateSystemSetting as contract } from '@trustleaf/domain/api/system';
import { api } from '@/lib/api';
import { getSystemSettingsQueryOptions } from './get-system-settings';
import { getSystemStatusQueryOptions } from './get-system-status';

export const updateSystemSetting = (input: EndpointInput<typeof contract>) => api.call(contract, input);

/** The answer is every setting: it replaces the settings and the status by their keys. */
export function useUpdateSystemSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSetting,
    onSuccess: (settings) => {
      queryClient.setQueryData(getSystemSettingsQueryOptions().queryKey, settings);
      queryClient.setQueryData(getSystemStatusQueryOptions().queryKey, settings.system_status);
    },
  });
}
