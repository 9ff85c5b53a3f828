import { cancelPromoCode as contract } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';
import { getCompanySubscriptionQueryOptions } from './get-company-subscription';
import { exactly, useBillingMutation } from './use-billing-mutation';

export const cancelPromoCode = (plCompanyId: number) => api.call(contract, { plCompanyId });

export const useCancelPromo = () =>
  useBillingMutation(cancelPromoCode, (plCompanyId) => [
    exactly(getCompanySubscriptionQueryOptions(plCompanyId).queryKey),
  ]);
