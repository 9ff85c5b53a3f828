import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { updateCategory as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getCategoriesQueryOptions } from './get-categories';
import { useReferenceMutation } from './use-reference-mutation';

export const updateCategory = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useUpdateCategory = () =>
  useReferenceMutation(updateCategory, [getCategoriesQueryOptions().queryKey]);
