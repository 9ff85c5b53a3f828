import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { getGeneralInfoQueryOptions } from '@/lib/general-info';

/**
 * A reference change as a mutation: whatever its outcome, it refreshes the listings that show it (a
 * segment's name shows on its business types too) and the global lists every form reads
 * (generalInfo), each by its exact key.
 */
export function useReferenceMutation<I>(call: (input: I) => Promise<unknown>, changed: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all(
        [...changed, getGeneralInfoQueryOptions().queryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, exact: true }),
        ),
      ),
  });
}
