import { queryOptions, useQuery } from '@tanstack/react-query';
import { violationCheckListing } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';

export const getViolationChecks = (plCompanyId: number) => api.call(violationCheckListing, { plCompanyId });

export function getViolationChecksQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['webcrawler', 'checks', plCompanyId] as const,
    queryFn: () => getViolationChecks(plCompanyId),
  });
}

/** The company's checks, newest first (spec 3 §4: reloaded when a job is done or the company changes). */
export function useViolationChecks(plCompanyId: number | null) {
  return useQuery({
    ...getViolationChecksQueryOptions(plCompanyId ?? 0),
    enabled: plCompanyId !== null,
    select: (data) => data.violationChecks,
  });
}
