import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { addBusinessType as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getBusinessTypesQueryOptions } from './get-business-types';
import { useReferenceMutation } from './use-reference-mutation';

export const addBusinessType = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useAddBusinessType = () =>
  useReferenceMutation(addBusinessType, [getBusinessTypesQueryOptions().queryKey]);
