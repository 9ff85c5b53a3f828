import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSystemStatus } from '@trustleaf/domain/api/system';
import { api } from '@/lib/api';

/** How often an open page looks for a maintenance announcement. */
const STATUS_POLL_MS = 60_000;

export function getSystemStatusQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'status'] as const,
    queryFn: () => api.call(getSystemStatus, {}),
  });
}

/** The platform's status for the maintenance banner: read on every shell page, kept fresh while open. */
export function useSystemStatus(enabled: boolean) {
  return useQuery({
    ...getSystemStatusQueryOptions(),
    enabled,
    refetchInterval: STATUS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
