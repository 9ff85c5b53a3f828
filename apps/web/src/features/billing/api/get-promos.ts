import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoListing } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';

/** Super admin: the promo codes, first page of 100. */
export const getPromos = () => api.call(promoListing, { currentPage: 1, itemsPerPage: 100 });

export function getPromosQueryOptions() {
  return queryOptions({ queryKey: ['billing', 'promos'] as const, queryFn: getPromos });
}

export const usePromos = () => useQuery(getPromosQueryOptions());
