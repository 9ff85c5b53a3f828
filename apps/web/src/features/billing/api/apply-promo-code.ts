import { applyPromoCode as contract } from '@trustleaf/domain/api/billing';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { getCompanySubscriptionQueryOptions } from './get-company-subscription';
import { exactly, useBillingMutation } from './use-billing-mutation';

export const applyPromoCode = (input: EndpointInput<typeof contract>) => api.call(contract, input);

/** The code is kept for the company: its listing's appliedPromoCode changes. */
export const useApplyPromo = () =>
  useBillingMutation(applyPromoCode, ({ plCompanyId }) => [
    exactly(getCompanySubscriptionQueryOptions(plCompanyId).queryKey),
  ]);
