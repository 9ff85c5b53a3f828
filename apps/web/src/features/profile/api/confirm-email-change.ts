import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { confirmEmailChange as contract } from '@trustleaf/domain/api/profile';
import { api } from '@/lib/api';
import { useProfileMutation } from './use-profile-mutation';

export const confirmEmailChange = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useConfirmEmailChange = (userId: number) => useProfileMutation(userId, confirmEmailChange);
