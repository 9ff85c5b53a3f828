import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { requestEmailChange as contract } from '@trustleaf/domain/api/profile';
import { api } from '@/lib/api';
import { useProfileMutation } from './use-profile-mutation';

export const requestEmailChange = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useRequestEmailChange = (userId: number) => useProfileMutation(userId, requestEmailChange);
