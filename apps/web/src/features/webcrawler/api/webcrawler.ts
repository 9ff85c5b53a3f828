import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkReviewComplianceFindings,
  cancelScanUrlJob,
  checkValidUrl,
  complianceFindingSnapshot,
  deleteWebsite,
  getScanUrlJob,
  scanProductHistories,
  scanUrl,
  startScanProduct,
  updateComplianceFinding,
  upsertWebsite,
  urlToBase64,
  violationCheckDetail,
  violationCheckListing,
  violationCheckReportLink,
  websiteListing,
} from '@trustleaf/domain/api/webcrawler';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { localScanStatus, SCAN_POLL_INTERVAL_MS, type LocalScanJob } from '@trustleaf/domain/rules/scan-jobs';
import {
  SCAN_PROGRESS_EVENT,
  type ScanJob,
  type ViolationCheckDetail,
} from '@trustleaf/domain/schemas/webcrawler';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live-provider';
import { useBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';

export const webcrawlerKeys = {
  all: ['webcrawler'] as const,
  checks: (plCompanyId: number) => ['webcrawler', 'checks', plCompanyId] as const,
  detail: (plCompanyId: number, plViolationCheckId: number) =>
    ['webcrawler', 'detail', plCompanyId, plViolationCheckId] as const,
  job: (jobId: string) => ['webcrawler', 'job', jobId] as const,
  image: (imageUrl: string) => ['webcrawler', 'image', imageUrl] as const,
  snapshot: (complianceFindingId: number) => ['webcrawler', 'snapshot', complianceFindingId] as const,
  websites: (plCompanyId: number) => ['webcrawler', 'websites', plCompanyId] as const,
  productScans: (plCompanyId: number) => ['webcrawler', 'product-scans', plCompanyId] as const,
};

/** The company's checks, newest first (spec 3 §4: reloaded when a job is done or the company changes). */
export function useViolationChecks(plCompanyId: number | null) {
  return useQuery({
    queryKey: webcrawlerKeys.checks(plCompanyId ?? 0),
    enabled: plCompanyId !== null,
    queryFn: () => api.call(violationCheckListing, { plCompanyId: plCompanyId ?? 0 }),
    select: (data) => data.violationChecks,
  });
}

export function useViolationCheckDetail(plCompanyId: number, plViolationCheckId: number) {
  return useQuery({
    queryKey: webcrawlerKeys.detail(plCompanyId, plViolationCheckId),
    queryFn: () => api.call(violationCheckDetail, { plCompanyId, plViolationCheckId }),
    // A 402 (the plan does not allow viewing issues) or 404 will not change on a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** An issue image as a data URL, through the server's proxy (spec 3 §2). */
export function useIssueImage(imageUrl: string | null) {
  return useQuery({
    queryKey: webcrawlerKeys.image(imageUrl ?? ''),
    enabled: imageUrl !== null,
    queryFn: () => api.call(urlToBase64, { imageUrl: imageUrl ?? '', cache: 'true' }),
    staleTime: Infinity,
    retry: false,
  });
}

/** A finding's page snapshot (the claim highlighted on the rendered page) as a data URL. */
export function useFindingSnapshot(complianceFindingId: number, enabled: boolean) {
  return useQuery({
    queryKey: webcrawlerKeys.snapshot(complianceFindingId),
    enabled,
    queryFn: () => api.call(complianceFindingSnapshot, { id: complianceFindingId }),
    staleTime: Infinity,
    retry: false,
  });
}

export type StartScanOutcome = { ok: true } | { ok: false; stage: 'check' | 'scan'; error: unknown };

/**
 * The Scan button (spec 3 §4, §5): the server checks the address first (404 → 'Url not connected';
 * SSL and HTTP-fallback warnings are only logged), then the scan starts and its job joins the
 * account state, where the bottom notice follows it.
 */
export function useStartScan() {
  return useMutation({
    mutationFn: async (
      input: EndpointInput<typeof scanUrl> & { plCompanyId: number; companyName: string | null },
    ): Promise<StartScanOutcome> => {
      const { companyName, ...request } = input;
      try {
        const check = await api.call(checkValidUrl, { scanUrl: request.url });
        if (check.warning) console.warn(`Website check: ${check.warning}`, check.message ?? '');
      } catch (error) {
        return { ok: false, stage: 'check', error };
      }
      try {
        const started = await api.call(scanUrl, { ...request, analyzeImage: true });
        useAppStore.getState().addJob({
          jobId: started.jobId,
          type: 'job',
          url: request.url,
          companyName,
          plCompanyId: request.plCompanyId,
          isDone: false,
          plViolationCheckId: started.plViolationCheckId,
          isShowModalOnClick: true,
          status: localScanStatus(started.status),
          isProgressClosed: false,
          pagesDone: 0,
          pagesQueued: 0,
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, stage: 'scan', error };
      }
    },
  });
}

export function useCancelScan() {
  return useMutation({
    mutationFn: (job: LocalScanJob) => api.call(cancelScanUrlJob, { jobId: job.jobId }),
    onSuccess: (remote) => applyRemoteJob(remote),
  });
}

/** Folds a job's remote state (a poll, a live event, a cancel) into the account state. */
function applyRemoteJob(remote: ScanJob): void {
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

/**
 * Follows every running job: the live channel's progress events first, a poll every 7 s as the
 * fallback (spec 3 §9). A job that ends reloads the list of checks (spec 3 §4).
 */
export function useScanJobTracking(jobs: readonly LocalScanJob[]) {
  const queryClient = useQueryClient();
  useLiveEvent<ScanJob>(SCAN_PROGRESS_EVENT, applyRemoteJob);
  const running = jobs.filter((job) => job.type === 'job' && !job.isDone);
  useQueries({
    queries: running.map((job) => ({
      queryKey: webcrawlerKeys.job(job.jobId),
      queryFn: async () => {
        try {
          const remote = await api.call(getScanUrlJob, { jobId: job.jobId });
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
    })),
  });
  const doneCount = jobs.filter((job) => job.isDone).length;
  useEffect(() => {
    if (doneCount > 0) {
      void queryClient.invalidateQueries({ queryKey: ['webcrawler', 'checks'] });
      void queryClient.invalidateQueries({ queryKey: ['webcrawler', 'websites'] });
    }
  }, [doneCount, queryClient]);
}

export function useUpdateFinding(plCompanyId: number, plViolationCheckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof updateComplianceFinding>) =>
      api.call(updateComplianceFinding, input),
    onSuccess: (saved) => {
      // The saved finding replaces the shown one at once; the refetch below then brings the counts.
      queryClient.setQueryData(
        webcrawlerKeys.detail(plCompanyId, plViolationCheckId),
        (detail: ViolationCheckDetail | undefined) =>
          detail && {
            ...detail,
            violations: detail.violations.map((violation) =>
              violation.complianceFindingId === saved.complianceFindingId
                ? {
                    ...violation,
                    severity: saved.severity,
                    isCompliant: saved.isCompliant,
                    isReviewed: saved.isReviewed,
                  }
                : violation,
            ),
          },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: webcrawlerKeys.detail(plCompanyId, plViolationCheckId) }),
        queryClient.invalidateQueries({ queryKey: webcrawlerKeys.checks(plCompanyId) }),
      ]);
    },
  });
}

export function useBulkReview(plCompanyId: number, plViolationCheckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<typeof bulkReviewComplianceFindings>) =>
      api.call(bulkReviewComplianceFindings, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webcrawlerKeys.detail(plCompanyId, plViolationCheckId) }),
  });
}

/**
 * Export (spec 3 §2): the server renders the PDF; the browser saves it as 'Website Compliance Report.pdf'.
 * The PDF is drawn with the site template this page shows, so it names the product as the page does,
 * and in the page's language.
 */
export async function downloadReport(plCompanyId: number, plViolationCheckId: number): Promise<void> {
  const siteTemplateId = useBranding.getState().plSiteTemplateId;
  const link = await api.call(violationCheckReportLink, {
    plCompanyId,
    plViolationCheckId,
    ...(siteTemplateId !== null ? { siteTemplateId } : {}),
    language: useAppStore.getState().language,
  });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The company's websites and their weekly re-scan (beyond the spec: scheduled re-scans). */
export function useWebsites(plCompanyId: number) {
  return useQuery({
    queryKey: webcrawlerKeys.websites(plCompanyId),
    queryFn: () => api.call(websiteListing, { plCompanyId }),
    select: (data) => data.websites,
  });
}

/** Adds a website or switches its re-scan; a plan without re-scans answers 402 with the reason. */
export function useUpsertWebsite(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<EndpointInput<typeof upsertWebsite>, 'plCompanyId'>) =>
      api.call(upsertWebsite, { ...input, plCompanyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webcrawlerKeys.websites(plCompanyId) }),
  });
}

export function useDeleteWebsite(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plWebsiteId: number) => api.call(deleteWebsite, { plCompanyId, plWebsiteId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webcrawlerKeys.websites(plCompanyId) }),
  });
}

/**
 * The company's product scan tasks, newest first; polled every 7 s while one is unfinished (spec 3
 * §4: product scan tasks are followed by company, not by job).
 */
export function useProductScans(plCompanyId: number) {
  const queryClient = useQueryClient();
  const tasks = useQuery({
    queryKey: webcrawlerKeys.productScans(plCompanyId),
    queryFn: () => api.call(scanProductHistories, { plCompanyId }),
    select: (data) => data.tasks,
    refetchInterval: (query) =>
      query.state.data?.tasks.some((task) => task.status === 'processing') ? SCAN_POLL_INTERVAL_MS : false,
  });
  // A finished task adds a check and updates its website's last scan.
  const finished = tasks.data?.filter((task) => task.status !== 'processing').length ?? 0;
  useEffect(() => {
    if (finished === 0) return;
    void queryClient.invalidateQueries({ queryKey: webcrawlerKeys.checks(plCompanyId) });
    void queryClient.invalidateQueries({ queryKey: webcrawlerKeys.websites(plCompanyId) });
  }, [finished, plCompanyId, queryClient]);
  return tasks;
}

export function useStartProductScan(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<EndpointInput<typeof startScanProduct>, 'plCompanyId'>) =>
      api.call(startScanProduct, { ...input, plCompanyId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webcrawlerKeys.productScans(plCompanyId) }),
        queryClient.invalidateQueries({ queryKey: webcrawlerKeys.websites(plCompanyId) }),
      ]),
  });
}
