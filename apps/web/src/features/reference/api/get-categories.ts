import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListing } from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';

export const getCategories = () => api.call(categoryListing, {});

export function getCategoriesQueryOptions() {
  return queryOptions({ queryKey: ['reference', 'admin', 'categories'] as const, queryFn: getCategories });
}

export const useCategories = () => useQuery(getCategoriesQueryOptions());
