import { changeBusinessType as contract } from '@trustleaf/domain/api/admin';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { adminCompaniesKey } from './get-admin-companies';
import { useAdminMutation } from './use-admin-mutation';

export const changeBusinessType = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useChangeBusinessType = () => useAdminMutation(changeBusinessType, adminCompaniesKey);
