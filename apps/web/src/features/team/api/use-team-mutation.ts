import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getTeamQueryOptions } from './get-team';

/** A team call as a mutation: whatever its outcome, the company's team is fetched again. */
export function useTeamMutation<I extends { plCompanyId: number }>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({
        queryKey: getTeamQueryOptions(input.plCompanyId).queryKey,
        exact: true,
      }),
  });
}
