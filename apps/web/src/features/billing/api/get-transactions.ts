import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionListing } from '@trustleaf/domain/api/billing';
import type { TransactionListingInput } from '@trustleaf/domain/schemas/billing';
import { api } from '@/lib/api';

export const getTransactions = (input: TransactionListingInput) => api.call(transactionListing, input);

/** A company's latest payments (its billing page). */
export function getTransactionsQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['billing', 'transactions', plCompanyId] as const,
    queryFn: () => getTransactions({ plCompanyId, currentPage: 1, itemsPerPage: 20 }),
  });
}

export function useTransactions(plCompanyId: number | null | undefined) {
  return useQuery({ ...getTransactionsQueryOptions(plCompanyId ?? 0), enabled: Boolean(plCompanyId) });
}

/** The admin listing's filters: every company (plCompanyId 0), one page at a time. */
export type AdminTransactionFilter = Omit<TransactionListingInput, 'plCompanyId'>;

/** The key of the admin listing under every filter (what a refund refreshes). */
export const allAdminTransactionsKey = ['billing', 'admin-transactions'] as const;

export function getAdminTransactionsQueryOptions(filter: AdminTransactionFilter) {
  return queryOptions({
    queryKey: [...allAdminTransactionsKey, filter] as const,
    queryFn: () => getTransactions({ plCompanyId: 0, ...filter }),
  });
}

/** Super admin: every company's payments, filtered; the previous page stays shown while the next loads. */
export function useAdminTransactions(filter: AdminTransactionFilter) {
  return useQuery({ ...getAdminTransactionsQueryOptions(filter), placeholderData: keepPreviousData });
}
