import { queryOptions, useQuery } from '@tanstack/react-query';
import { previewSubscription as contract } from '@trustleaf/domain/api/billing';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';

export type PreviewInput = EndpointInput<typeof contract>;

export const previewSubscription = (input: PreviewInput) => api.call(contract, input);

/**
 * What confirming a plan charges now and at the next renewal (the API's own quote). Never cached: a
 * switch's credit shrinks with time, and each confirmation sends back the quotedAt it showed.
 */
export function getSubscriptionPreviewQueryOptions(input: PreviewInput) {
  return queryOptions({
    queryKey: ['billing', 'preview', input] as const,
    queryFn: () => previewSubscription(input),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

const NO_PREVIEW: PreviewInput = { plCompanyId: 0, plPlanId: 0, paymentFrequency: 'MONTHLY' };

export function useSubscriptionPreview(input: PreviewInput | null) {
  return useQuery({ ...getSubscriptionPreviewQueryOptions(input ?? NO_PREVIEW), enabled: input !== null });
}
