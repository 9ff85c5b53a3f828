import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { updateBusinessType as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getBusinessTypesQueryOptions } from './get-business-types';
import { useReferenceMutation } from './use-reference-mutation';

export const updateBusinessType = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useUpdateBusinessType = () =>
  useReferenceMutation(updateBusinessType, [getBusinessTypesQueryOptions().queryKey]);
