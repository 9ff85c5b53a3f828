import { queryOptions, useQuery } from '@tanstack/react-query';
import { violationCheckListing } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';

export const getScans = (plCompanyId: number) => api.call(violationCheckListing, { plCompanyId });

export function getLatestScanQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['company', 'latest-scan', plCompanyId] as const,
    queryFn: () => getScans(plCompanyId),
  });
}

/** The newest scan of the company's websites (the listing is newest first), or null. */
export function useLatestScan(plCompanyId: number) {
  return useQuery({
    ...getLatestScanQueryOptions(plCompanyId),
    select: (data) => data.violationChecks[0] ?? null,
  });
}
