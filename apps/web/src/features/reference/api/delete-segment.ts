import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { deleteSegment as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getBusinessTypesQueryOptions } from './get-business-types';
import { getSegmentsQueryOptions } from './get-segments';
import { useReferenceMutation } from './use-reference-mutation';

export const deleteSegment = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useDeleteSegment = () =>
  useReferenceMutation(deleteSegment, [
    getSegmentsQueryOptions().queryKey,
    getBusinessTypesQueryOptions().queryKey,
  ]);
