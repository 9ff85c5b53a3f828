import { useMutation, useQueryClient } from '@tanstack/react-query';

/** An admin change as a mutation: whatever its outcome, the listing it changes is fetched again. */
export function useAdminMutation<I, O>(call: (input: I) => Promise<O>, listingKey: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKey }),
  });
}
