import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishTrustProfile as contract } from '@trustleaf/domain/api/trust';
import { api } from '@/lib/api';
import { getTrustSettingsQueryOptions } from './get-trust-settings';

export const publishTrustProfile = (plCompanyId: number, published: boolean) =>
  api.call(contract, { plCompanyId, published });

/** Publishes or withdraws the profile; the answer is the company's settings as they now are. */
export function usePublishTrustProfile(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) => publishTrustProfile(plCompanyId, published),
    onSuccess: (settings) =>
      queryClient.setQueryData(getTrustSettingsQueryOptions(plCompanyId).queryKey, settings),
  });
}
