import { useMutation } from '@tanstack/react-query';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { changePassword as contract } from '@trustleaf/domain/api/profile';
import { api } from '@/lib/api';

export const changePassword = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
