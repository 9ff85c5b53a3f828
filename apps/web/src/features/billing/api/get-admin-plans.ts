import { queryOptions, useQuery } from '@tanstack/react-query';
import { planListing } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';

/** Super admin: every plan, with its features, for the billing console. */
export const getAdminPlans = async () => (await api.call(planListing, {})).items;

export function getAdminPlansQueryOptions() {
  return queryOptions({ queryKey: ['billing', 'admin-plans'] as const, queryFn: getAdminPlans });
}

export const useAdminPlans = () => useQuery(getAdminPlansQueryOptions());
