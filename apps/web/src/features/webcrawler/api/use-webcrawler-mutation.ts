import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A webcrawler call as a mutation: once it is settled, the queries it changes refetch, each named by
 * the exact key of its own queryOptions (never the whole webcrawler cache).
 */
export function useWebcrawlerMutation<I, O>(call: (input: I) => Promise<O>, changes: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all(changes.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true }))),
  });
}
