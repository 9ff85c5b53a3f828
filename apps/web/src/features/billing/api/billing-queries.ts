import { queryOptions, useQuery } from '@tanstack/react-query';
import { previewSubscription } from '@trustleaf/domain/api/billing';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type {
  CompanySubscriptionListing,
  PaymentMethod,
  Plan,
  Promo,
  Transaction,
} from '@trustleaf/domain/schemas/billing';
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
  return api.request<CompanySubscriptionListing>('/api/subscription/companySubscriptionListing', {
    body: { plCompanyId: companyId },
  });
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
        await api.request<{ items: Plan[]; total: number }>('/api/plan/getPlans', {
          body: {
            status: 'ACTIVE',
            region,
            systemPlatform: 'trustleaf',
            currentPage: 1,
            itemsPerPage: PLANS_PAGE_SIZE,
            sortOrder: 'ASC',
          },
        })
      ).items,
  });
}

export function usePaymentMethod(companyId: number | null | undefined) {
  return useQuery({
    queryKey: billingKeys.paymentMethod(companyId ?? 0),
    queryFn: async () =>
      (
        await api.request<{ companyPaymentMethod: PaymentMethod | null }>(
          '/api/company/getCompanyPaymentMethod',
          { body: { plCompanyId: companyId } },
        )
      ).companyPaymentMethod,
    enabled: Boolean(companyId),
  });
}

export function useTransactions(companyId: number | null | undefined) {
  return useQuery({
    queryKey: billingKeys.transactions(companyId ?? 0),
    queryFn: () =>
      api.request<{ items: Transaction[]; total: number }>('/api/transaction/transactionListing', {
        body: { plCompanyId: companyId, currentPage: 1, itemsPerPage: 20 },
      }),
    enabled: Boolean(companyId),
  });
}

export function useAdminPlans() {
  return useQuery({
    queryKey: billingKeys.adminPlans,
    queryFn: async () => (await api.request<{ items: Plan[] }>('/api/plan/planListing', { body: {} })).items,
  });
}

export function usePromos() {
  return useQuery({
    queryKey: billingKeys.promos,
    queryFn: () =>
      api.request<{ items: Promo[]; total: number }>('/api/subscription/promoListing', {
        body: { currentPage: 1, itemsPerPage: 100 },
      }),
  });
}
