import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProspectImportJob } from '@trustleaf/domain/api/imports';
import { api } from '@/lib/api';

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

export function getProspectImportJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: ['imports', 'prospects', jobId] as const,
    queryFn: () => api.call(getProspectImportJob, { jobId }),
  });
}

/** An import job's progress, polled until it is done or failed. */
export function useProspectImportJob(jobId: string | null) {
  return useQuery({
    ...getProspectImportJobQueryOptions(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : POLL_MS;
    },
  });
}
