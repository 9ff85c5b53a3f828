import { queryOptions, useQuery } from '@tanstack/react-query';
import { violationCheckDetail } from '@trustleaf/domain/api/webcrawler';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';

export const getViolationCheckDetail = (plCompanyId: number, plViolationCheckId: number) =>
  api.call(violationCheckDetail, { plCompanyId, plViolationCheckId });

export function getViolationCheckDetailQueryOptions(plCompanyId: number, plViolationCheckId: number) {
  return queryOptions({
    queryKey: ['webcrawler', 'detail', plCompanyId, plViolationCheckId] as const,
    queryFn: () => getViolationCheckDetail(plCompanyId, plViolationCheckId),
    // A 402 (the plan does not allow viewing issues) or 404 will not change on a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export const useViolationCheckDetail = (plCompanyId: number, plViolationCheckId: number) =>
  useQuery(getViolationCheckDetailQueryOptions(plCompanyId, plViolationCheckId));
