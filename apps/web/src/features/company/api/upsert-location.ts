import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upsertLocation as contract } from '@trustleaf/domain/api/company';
import type { UpsertLocationInput } from '@trustleaf/domain/schemas/company';
import { api } from '@/lib/api';
import { getLocationsQueryOptions } from './get-locations';

export const upsertLocation = (input: UpsertLocationInput) => api.call(contract, input);

export function useUpsertLocation(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertLocation,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getLocationsQueryOptions(plCompanyId).queryKey,
        exact: true,
      }),
  });
}
