import { queryOptions, useQuery } from '@tanstack/react-query';
import { companySubscriptionListing } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';

/** Spec 3 §7 subscription context: the company's subscriptions, newest first. */
export const getCompanySubscription = (plCompanyId: number) =>
  api.call(companySubscriptionListing, { plCompanyId });

/** The key of every company's listing (what a change to the plans' features refreshes). */
export const allCompanySubscriptionsKey = ['billing', 'subscription'] as const;

export function getCompanySubscriptionQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: [...allCompanySubscriptionsKey, plCompanyId] as const,
    queryFn: () => getCompanySubscription(plCompanyId),
  });
}

export function useCompanySubscription(plCompanyId: number | null | undefined) {
  return useQuery({
    ...getCompanySubscriptionQueryOptions(plCompanyId ?? 0),
    enabled: Boolean(plCompanyId),
  });
}
