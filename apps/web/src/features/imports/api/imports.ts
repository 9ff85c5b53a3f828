import { useMutation, useQuery } from '@tanstack/react-query';
import { getProspectImportJob, importProspects } from '@trustleaf/domain/api/imports';
import { api } from '@/lib/api';

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

export function useImportProspects() {
  return useMutation({ mutationFn: (csv: string) => api.call(importProspects, { csv }) });
}

/** An import job's progress, polled until it is done or failed. */
export function useProspectImportJob(jobId: string | null) {
  return useQuery({
    queryKey: ['imports', 'prospects', jobId],
    queryFn: () => api.call(getProspectImportJob, { jobId: jobId! }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : POLL_MS;
    },
  });
}
