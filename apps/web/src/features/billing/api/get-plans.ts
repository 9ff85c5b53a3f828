import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlans as contract } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';

export const PLANS_PAGE_SIZE = 50;

/** Spec 2 §7 getPlans: active plans of the region, page 1, by monthly fee ascending. */
export const getPlans = (region: string) =>
  api.call(contract, {
    status: 'ACTIVE',
    region,
    systemPlatform: 'trustleaf',
    currentPage: 1,
    itemsPerPage: PLANS_PAGE_SIZE,
    sortOrder: 'ASC',
  });

/** The key of every region's plans (what a plan change refreshes). */
export const allRegionPlansKey = ['billing', 'plans'] as const;

export function getPlansQueryOptions(region: string) {
  return queryOptions({
    queryKey: [...allRegionPlansKey, region] as const,
    queryFn: async () => (await getPlans(region)).items,
  });
}

export const usePlans = (region: string) => useQuery(getPlansQueryOptions(region));
