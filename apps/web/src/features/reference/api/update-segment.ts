import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { updateSegment as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getBusinessTypesQueryOptions } from './get-business-types';
import { getSegmentsQueryOptions } from './get-segments';
import { useReferenceMutation } from './use-reference-mutation';

export const updateSegment = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useUpdateSegment = () =>
  useReferenceMutation(updateSegment, [
    getSegmentsQueryOptions().queryKey,
    getBusinessTypesQueryOptions().queryKey,
  ]);
