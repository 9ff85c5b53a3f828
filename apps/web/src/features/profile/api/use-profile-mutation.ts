import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@trustleaf/domain/schemas/profile';
import { getUserDetailQueryOptions } from './get-user-detail';

/** A call that answers the new profile: the answer replaces the user's cached profile, by its key. */
export function useProfileMutation<I>(userId: number, call: (input: I) => Promise<UserDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => queryClient.setQueryData(getUserDetailQueryOptions(userId).queryKey, detail),
  });
}
