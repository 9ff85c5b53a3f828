import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  companySubscriptionListing,
  financialListing,
  getCompanyPaymentMethod,
  getPlans,
  planListing,
  previewSubscription,
  promoListing,
  transactionListing,
} from '@trustleaf/domain/api/billing';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type { TransactionListingInput } from '@trustleaf/domain/schemas/billing';
import { api } from '@/lib/api';

/** Query keys of the billing feature; mutations invalidate by the `billing` prefix. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: (companyId: number) => ['billing', 'subscription', companyId] as const,
  plans: (region: string) => ['billing', 'plans', region] as const,
  paymentMethod: (companyId: number) => ['billing', 'payment-method', companyId] as const,
  transactions: (companyId: number) => ['billing', 'transactions', companyId] as const,
  adminPlans: ['billing', 'admin-plans'] as const,
  promos: ['billing', 'promos'] as const,
  adminTransactions: (filter: AdminTransactionFilter) => ['billing', 'admin-transactions', filter] as const,
  financial: (months: number) => ['billing', 'financial', months] as const,
  preview: (input: PreviewInput) => ['billing', 'preview', input] as const,
};

export interface PreviewInput {
  plCompanyId: number;
  plPlanId: number;
  paymentFrequency: PaymentFrequency;
  promoCode?: string | null;
}

/**
 * What confirming a plan charges now and at the next renewal (the API's own quote). Never cached: a
 * switch's credit shrinks with time, and each confirmation sends back the quotedAt it showed.
 */
export function useSubscriptionPreview(input: PreviewInput | null) {
  return useQuery({
    queryKey: billingKeys.preview(input ?? { plCompanyId: 0, plPlanId: 0, paymentFrequency: 'MONTHLY' }),
    queryFn: () => api.call(previewSubscription, input!),
    enabled: input !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

/** Spec 3 §7 subscription context: the company's subscriptions, newest first. */
export function getCompanySubscription(companyId: number) {
  return api.call(companySubscriptionListing, { plCompanyId: companyId });
}

export function useCompanySubscription(companyId: number | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.subscription(companyId ?? 0),
      queryFn: () => getCompanySubscription(companyId!),
      enabled: Boolean(companyId),
    }),
  );
}

/** Spec 2 §7 getPlans: active plans of the region, page 1, by monthly fee ascending. */
export const PLANS_PAGE_SIZE = 50;
export function usePlans(region: string) {
  return useQuery({
    queryKey: billingKeys.plans(region),
    queryFn: async () =>
      (
        await api.call(getPlans, {
          status: 'ACTIVE',
          region,
          systemPlatform: 'trustleaf',
          currentPage: 1,
          itemsPerPage: PLANS_PAGE_SIZE,
          sortOrder: 'ASC',
        })
      ).items,
  });
}

export function usePaymentMethod(companyId: number | null | undefined) {
  return useQuery({
    queryKey: billingKeys.paymentMethod(companyId ?? 0),
    queryFn: async () =>
      (await api.call(getCompanyPaymentMethod, { plCompanyId: companyId! })).companyPaymentMethod,
    enabled: Boolean(companyId),
  });
}

export function useTransactions(companyId: number | null | undefined) {
  return useQuery({
    queryKey: billingKeys.transactions(companyId ?? 0),
    queryFn: () =>
      api.call(transactionListing, { plCompanyId: companyId!, currentPage: 1, itemsPerPage: 20 }),
    enabled: Boolean(companyId),
  });
}

export function useAdminPlans() {
  return useQuery({
    queryKey: billingKeys.adminPlans,
    queryFn: async () => (await api.call(planListing, {})).items,
  });
}

export function usePromos() {
  return useQuery({
    queryKey: billingKeys.promos,
    queryFn: () => api.call(promoListing, { currentPage: 1, itemsPerPage: 100 }),
  });
}

/** The admin listing's filters: every company (plCompanyId 0), one page at a time. */
export type AdminTransactionFilter = Omit<TransactionListingInput, 'plCompanyId'>;

/** Super admin: every company's payments, filtered; the previous page stays shown while the next loads. */
export function useAdminTransactions(filter: AdminTransactionFilter) {
  return useQuery({
    queryKey: billingKeys.adminTransactions(filter),
    queryFn: () => api.call(transactionListing, { plCompanyId: 0, ...filter }),
    placeholderData: keepPreviousData,
  });
}

/** Super admin: payments of every company summed by month (spec 3 §7 financialListing). */
export function useFinancialSummary(months: number) {
  return useQuery({
    queryKey: billingKeys.financial(months),
    queryFn: () => api.call(financialListing, { plCompanyId: 0, months }),
  });
}
