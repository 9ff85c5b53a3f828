import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListing } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';

export const getProducts = (plCompanyId: number) => api.call(productListing, { plCompanyId });

export function getProductsQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['company', 'products', plCompanyId] as const,
    queryFn: () => getProducts(plCompanyId),
  });
}

export function useProducts(plCompanyId: number) {
  return useQuery({ ...getProductsQueryOptions(plCompanyId), select: (data) => data.products });
}
