import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { deleteBusinessType as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getBusinessTypesQueryOptions } from './get-business-types';
import { useReferenceMutation } from './use-reference-mutation';

export const deleteBusinessType = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useDeleteBusinessType = () =>
  useReferenceMutation(deleteBusinessType, [getBusinessTypesQueryOptions().queryKey]);
