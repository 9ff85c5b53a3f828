import { refund as contract } from '@trustleaf/domain/api/billing';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { allFinancialSummariesKey } from './get-financial-summary';
import { allAdminTransactionsKey, getTransactionsQueryOptions } from './get-transactions';
import { everyUnder, exactly, useBillingMutation } from './use-billing-mutation';

export const refund = (input: EndpointInput<typeof contract>) => api.call(contract, input);

/** Super admin: refunds a payment in full (no amount) or in part; the listings and summary refetch. */
export const useRefund = () =>
  useBillingMutation(refund, (_input, transaction) => [
    everyUnder(allAdminTransactionsKey),
    everyUnder(allFinancialSummariesKey),
    exactly(getTransactionsQueryOptions(transaction.plCompanyId).queryKey),
  ]);
