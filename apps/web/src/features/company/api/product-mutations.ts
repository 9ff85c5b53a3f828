import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProduct, deleteProduct, updateProduct } from '@trustleaf/domain/api/webcrawler';
import type { CreateProductInput, UpdateProductInput } from '@trustleaf/domain/schemas/webcrawler';
import { api } from '@/lib/api';
import { getProductsQueryOptions } from './get-products';

/** Adding, changing and removing a product: each refreshes the company's product list by its key. */
export function useProductMutations(plCompanyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: getProductsQueryOptions(plCompanyId).queryKey, exact: true });
  return {
    create: useMutation({
      mutationFn: (input: CreateProductInput) => api.call(createProduct, input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: UpdateProductInput) => api.call(updateProduct, input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (plProductId: number) => api.call(deleteProduct, { plCompanyId, plProductId }),
      onSuccess,
    }),
  };
}
