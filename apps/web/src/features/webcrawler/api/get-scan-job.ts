import { queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import { getScanUrlJob } from '@trustleaf/domain/api/webcrawler';
import { localScanStatus, SCAN_POLL_INTERVAL_MS, type LocalScanJob } from '@trustleaf/domain/rules/scan-jobs';
import { SCAN_PROGRESS_EVENT, type ScanJob } from '@trustleaf/domain/schemas/webcrawler';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live-provider';
import { useAppStore } from '@/stores/app-store';
import { getViolationChecksQueryOptions } from './get-violation-checks';
import { getWebsitesQueryOptions } from './get-websites';

export const getScanJob = (jobId: string) => api.call(getScanUrlJob, { jobId });

/** Folds a job's remote state (a poll, a live event, a cancel) into the account state. */
export function applyRemoteJob(remote: ScanJob): void {
  const store = useAppStore.getState();
  const local = store.account.jobs.find((job) => job.jobId === remote.jobId && job.type === 'job');
  if (!local || local.isDone) return;
  const status = localScanStatus(remote.status);
  store.updateJob(remote.jobId, 'job', {
    status,
    isDone: status !== 'SCANNING',
    plViolationCheckId: remote.plViolationCheckId ?? local.plViolationCheckId,
    pagesDone: remote.progress.done,
    pagesQueued: remote.progress.queued,
    companyName: local.companyName ?? remote.companyName,
  });
}

/** A running job, polled every 7 s; each answer is folded into the account state. */
export function getScanJobQueryOptions(job: LocalScanJob) {
  return queryOptions({
    queryKey: ['webcrawler', 'job', job.jobId] as const,
    queryFn: async () => {
      try {
        const remote = await getScanJob(job.jobId);
        applyRemoteJob(remote);
        return remote;
      } catch (error) {
        // Spec 3 §4: a request error marks the job failed (a network blip or 5xx is retried by the next poll).
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          useAppStore.getState().updateJob(job.jobId, job.type, { status: 'FAILED', isDone: true });
        }
        throw error;
      }
    },
    refetchInterval: SCAN_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
}

/**
 * Follows every running job: the live channel's progress events first, a poll every 7 s as the
 * fallback (spec 3 §9). A job that ends reloads its company's checks and websites (spec 3 §4).
 */
export function useScanJobTracking(jobs: readonly LocalScanJob[]) {
  const queryClient = useQueryClient();
  useLiveEvent<ScanJob>(SCAN_PROGRESS_EVENT, applyRemoteJob);
  const running = jobs.filter((job) => job.type === 'job' && !job.isDone);
  useQueries({ queries: running.map(getScanJobQueryOptions) });
  const done = jobs.filter((job) => job.isDone);
  const doneCompanies = [...new Set(done.map((job) => job.plCompanyId))].join(',');
  useEffect(() => {
    if (done.length === 0) return;
    for (const plCompanyId of doneCompanies.split(',').map(Number)) {
      for (const { queryKey } of [
        getViolationChecksQueryOptions(plCompanyId),
        getWebsitesQueryOptions(plCompanyId),
      ]) {
        void queryClient.invalidateQueries({ queryKey, exact: true });
      }
    }
  }, [done.length, doneCompanies, queryClient]);
}
