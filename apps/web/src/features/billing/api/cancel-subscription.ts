import { cancelSubscription as contract } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';
import { getCompanySubscriptionQueryOptions } from './get-company-subscription';
import { exactly, useBillingMutation } from './use-billing-mutation';

/** Auto-renew off: the plan runs to the end of its period. */
export const cancelSubscription = (plCompanyId: number) => api.call(contract, { plCompanyId });

export const useCancelSubscription = () =>
  useBillingMutation(cancelSubscription, (plCompanyId) => [
    exactly(getCompanySubscriptionQueryOptions(plCompanyId).queryKey),
  ]);
