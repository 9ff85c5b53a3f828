import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { updateUserProfile as contract } from '@trustleaf/domain/api/profile';
import { api } from '@/lib/api';
import { useProfileMutation } from './use-profile-mutation';

export const updateUserProfile = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useUpdateProfile = (userId: number) => useProfileMutation(userId, updateUserProfile);
