import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import {
  changePassword,
  confirmEmailChange,
  getUserDetail,
  requestEmailChange,
  signOutOtherDevices,
  updateUserProfile,
} from '@trustleaf/domain/api/profile';
import type { UserDetail } from '@trustleaf/domain/schemas/profile';
import { api } from '@/lib/api';

const profileKey = (userId: number) => ['user-detail', userId] as const;

export function useUserDetail(userId: number) {
  return useQuery({ queryKey: profileKey(userId), queryFn: () => api.call(getUserDetail, { userId }) });
}

/** Calls that answer the new profile put it in the cache. */
function useProfileMutation<I>(userId: number, call: (input: I) => Promise<UserDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => queryClient.setQueryData(profileKey(userId), detail),
  });
}

export const useUpdateProfile = (userId: number) =>
  useProfileMutation(userId, (input: EndpointInput<typeof updateUserProfile>) =>
    api.call(updateUserProfile, input),
  );
export const useRequestEmailChange = (userId: number) =>
  useProfileMutation(userId, (input: EndpointInput<typeof requestEmailChange>) =>
    api.call(requestEmailChange, input),
  );
export const useConfirmEmailChange = (userId: number) =>
  useProfileMutation(userId, (input: EndpointInput<typeof confirmEmailChange>) =>
    api.call(confirmEmailChange, input),
  );
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: EndpointInput<typeof changePassword>) => api.call(changePassword, input),
  });
export const useSignOutOtherDevices = () =>
  useMutation({ mutationFn: () => api.call(signOutOtherDevices, {}) });
