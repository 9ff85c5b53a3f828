import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { deleteCategory as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getCategoriesQueryOptions } from './get-categories';
import { useReferenceMutation } from './use-reference-mutation';

export const deleteCategory = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useDeleteCategory = () =>
  useReferenceMutation(deleteCategory, [getCategoriesQueryOptions().queryKey]);
