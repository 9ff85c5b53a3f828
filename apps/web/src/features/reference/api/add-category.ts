import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { addCategory as contract } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';
import { getCategoriesQueryOptions } from './get-categories';
import { useReferenceMutation } from './use-reference-mutation';

export const addCategory = (input: EndpointInput<typeof contract>) => api.call(contract, input);

export const useAddCategory = () => useReferenceMutation(addCategory, [getCategoriesQueryOptions().queryKey]);
