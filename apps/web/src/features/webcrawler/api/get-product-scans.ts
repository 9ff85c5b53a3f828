import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { scanProductHistories } from '@trustleaf/domain/api/webcrawler';
import { SCAN_POLL_INTERVAL_MS } from '@trustleaf/domain/rules/scan-jobs';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { getViolationChecksQueryOptions } from './get-violation-checks';
import { getWebsitesQueryOptions } from './get-websites';

export const getProductScans = (plCompanyId: number) => api.call(scanProductHistories, { plCompanyId });

export function getProductScansQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['webcrawler', 'product-scans', plCompanyId] as const,
    queryFn: () => getProductScans(plCompanyId),
  });
}

/**
 * The company's product scan tasks, newest first; polled every 7 s while one is unfinished (spec 3
 * §4: product scan tasks are followed by company, not by job).
 */
export function useProductScans(plCompanyId: number) {
  const queryClient = useQueryClient();
  const tasks = useQuery({
    ...getProductScansQueryOptions(plCompanyId),
    select: (data) => data.tasks,
    refetchInterval: (query) =>
      query.state.data?.tasks.some((task) => task.status === 'processing') ? SCAN_POLL_INTERVAL_MS : false,
  });
  // A finished task adds a check and updates its website's last scan.
  const finished = tasks.data?.filter((task) => task.status !== 'processing').length ?? 0;
  useEffect(() => {
    if (finished === 0) return;
    for (const { queryKey } of [
      getViolationChecksQueryOptions(plCompanyId),
      getWebsitesQueryOptions(plCompanyId),
    ]) {
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  }, [finished, plCompanyId, queryClient]);
  return tasks;
}
