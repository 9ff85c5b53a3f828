import { updatePlan } from '@trustleaf/domain/api/billing';
import type { UpdatePlanInput } from '@trustleaf/domain/schemas/billing';
import { api } from '@/lib/api';
import { getAdminPlansQueryOptions } from './get-admin-plans';
import { allCompanySubscriptionsKey } from './get-company-subscription';
import { allRegionPlansKey } from './get-plans';
import { everyUnder, exactly, useBillingMutation } from './use-billing-mutation';

export const updatePlans = (input: UpdatePlanInput) => api.call(updatePlan, input);

/** Super admin: the plans as listed everywhere, and the features that companies' listings carry. */
export const useUpdatePlans = () =>
  useBillingMutation(updatePlans, () => [
    exactly(getAdminPlansQueryOptions().queryKey),
    everyUnder(allRegionPlansKey),
    everyUnder(allCompanySubscriptionsKey),
  ]);
