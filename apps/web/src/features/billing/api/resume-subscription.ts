import { resumeSubscription as contract } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';
import { getCompanySubscriptionQueryOptions } from './get-company-subscription';
import { exactly, useBillingMutation } from './use-billing-mutation';

/** Auto-renew back on after a cancel, on the same plan (issue 19). */
export const resumeSubscription = (plCompanyId: number) => api.call(contract, { plCompanyId });

export const useResumeSubscription = () =>
  useBillingMutation(resumeSubscription, (plCompanyId) => [
    exactly(getCompanySubscriptionQueryOptions(plCompanyId).queryKey),
  ]);
