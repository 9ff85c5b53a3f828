import { queryOptions, useQuery } from '@tanstack/react-query';
import { financialListing } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';

export const getFinancialSummary = (months: number) => api.call(financialListing, { plCompanyId: 0, months });

/** The key of the summary over every range (what a refund refreshes). */
export const allFinancialSummariesKey = ['billing', 'financial'] as const;

export function getFinancialSummaryQueryOptions(months: number) {
  return queryOptions({
    queryKey: [...allFinancialSummariesKey, months] as const,
    queryFn: () => getFinancialSummary(months),
  });
}

/** Super admin: payments of every company summed by month (spec 3 §7 financialListing). */
export const useFinancialSummary = (months: number) => useQuery(getFinancialSummaryQueryOptions(months));
