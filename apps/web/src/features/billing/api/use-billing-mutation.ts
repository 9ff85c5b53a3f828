import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A query a billing change refreshes: one query by its exact key, or a family of them by their prefix. */
export interface ChangedQuery {
  queryKey: QueryKey;
  exact: boolean;
}

/** One query, by its exact key. */
export const exactly = (queryKey: QueryKey): ChangedQuery => ({ queryKey, exact: true });

/** Every query whose key starts with this one (a listing under each of its filters). */
export const everyUnder = (queryKey: QueryKey): ChangedQuery => ({ queryKey, exact: false });

/**
 * A billing call as a mutation: once it succeeds, the queries it changes refetch, each named by the
 * key of its own queryOptions (never the whole billing cache).
 */
export function useBillingMutation<I, O>(
  call: (input: I) => Promise<O>,
  changes: (input: I, output: O) => readonly ChangedQuery[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (output, input) =>
      Promise.all(changes(input, output).map((filters) => queryClient.invalidateQueries(filters))),
  });
}
