import { setUserDisabled as contract } from '@trustleaf/domain/api/admin';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { adminUsersKey } from './get-admin-users';
import { useAdminMutation } from './use-admin-mutation';

export const setUserDisabled = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useSetUserDisabled = () => useAdminMutation(setUserDisabled, adminUsersKey);
