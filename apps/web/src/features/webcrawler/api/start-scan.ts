import { useMutation } from '@tanstack/react-query';
import { checkValidUrl, scanUrl } from '@trustleaf/domain/api/webcrawler';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { localScanStatus } from '@trustleaf/domain/rules/scan-jobs';
import { api } from '@/lib/api';
import { useAppStore } from '@/stores/app-store';

export type StartScanOutcome = { ok: true } | { ok: false; stage: 'check' | 'scan'; error: unknown };

export type StartScanInput = EndpointInput<typeof scanUrl> & {
  plCompanyId: number;
  companyName: string | null;
};

/**
 * The Scan button (spec 3 §4, §5): the server checks the address first (404 → 'Url not connected';
 * SSL and HTTP-fallback warnings are only logged), then the scan starts and its job joins the
 * account state, where the bottom notice follows it.
 */
export async function startScan(input: StartScanInput): Promise<StartScanOutcome> {
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
}

export const useStartScan = () => useMutation({ mutationFn: startScan });
