import { useMutation } from '@tanstack/react-query';
import { cancelScanUrlJob } from '@trustleaf/domain/api/webcrawler';
import type { LocalScanJob } from '@trustleaf/domain/rules/scan-jobs';
import { api } from '@/lib/api';
import { applyRemoteJob } from './get-scan-job';

export const cancelScan = (jobId: string) => api.call(cancelScanUrlJob, { jobId });

/** Cancels a running job; its answer is folded into the account state as a poll's would be. */
export function useCancelScan() {
  return useMutation({
    mutationFn: (job: LocalScanJob) => cancelScan(job.jobId),
    onSuccess: (remote) => applyRemoteJob(remote),
  });
}
