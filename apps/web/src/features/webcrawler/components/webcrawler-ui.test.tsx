import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  cancelScanUrlJob,
  complianceFindingSnapshot,
  getScanUrlJob,
  updateComplianceFinding,
  urlToBase64,
  violationCheckDetail,
} from '@trustleaf/domain/api/webcrawler';
import type { LocalScanJob } from '@trustleaf/domain/rules/scan-jobs';
import {
  UPGRADE_TO_VIEW_ISSUES,
  type Violation,
  type ViolationCheckDetail,
} from '@trustleaf/domain/schemas/webcrawler';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBranding } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';
import { apiError, handle, sentRequests, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { terminology } from '@/testing/site-template-fixtures';
import { ReportDialog } from './report-dialog';
import { IssuesTable } from './report-parts';
import { ScanNotices } from './scan-notices';

const render = (ui: ReactElement) => renderApp(ui);

const job = (change: Partial<LocalScanJob> = {}): LocalScanJob => ({
  jobId: '6f1c1c8e-7a55-4c55-9d0e-1f1f8a0e0001',
  type: 'job',
  url: 'https://shop.example/',
  companyName: 'Acme Hemp',
  plCompanyId: 7,
  isDone: false,
  plViolationCheckId: null,
  isShowModalOnClick: true,
  status: 'SCANNING',
  isProgressClosed: false,
  pagesDone: 3,
  pagesQueued: 12,
  ...change,
});

function remoteJob(
  status: 'processing' | 'completed' | 'failed' | 'cancelled',
  done: number,
  queued: number,
  plViolationCheckId: number | null = null,
) {
  return {
    jobId: job().jobId,
    type: 'job' as const,
    status,
    isQueued: false,
    plCompanyId: 7,
    companyName: 'Acme Hemp',
    url: 'https://shop.example/',
    plViolationCheckId,
    progress: { done, queued },
    message: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:01.000Z',
    finishedAt: null,
  };
}

afterEach(() => {
  vi.useRealTimers();
  useAppStore.setState((state) => ({ account: { ...state.account, jobs: [] } }));
});

describe('scan notices (spec 3 §2, §4, §9)', () => {
  it('shows "{company} is scanning" with pages done of queued, then the success notice with View', async () => {
    // Only the poll's interval is faked: the 7 s pass at once, everything else runs as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let remote = remoteJob('processing', 3, 12);
    server.use(handle(getScanUrlJob, () => remote));
    useAppStore.getState().addJob(job({ pagesDone: 0, pagesQueued: 0 }));
    const onView = vi.fn();
    render(<ScanNotices onView={onView} />);
    expect(screen.getByText('Acme Hemp is scanning')).toBeTruthy();
    expect(screen.getByText(/You will be notified upon completion\. Press X to close\./)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('scan-progress-pages').textContent).toContain('3 of 12 pages'),
    );
    expect(screen.getByRole('progressbar', { name: 'Scan progress' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    expect(sentRequests()[0]?.url.pathname).toBe('/api/webcrawler/getScanUrlJob');

    remote = remoteJob('completed', 12, 12, 41);
    // The live channel is absent here: the poll (every 7 s) is what brings the outcome.
    await act(async () => {
      vi.advanceTimersByTime(6999);
    });
    expect(screen.queryByText('Webcrawler ran successfully')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(screen.getByText('Webcrawler ran successfully')).toBeTruthy());
    expect(screen.getByText('Scan completed! (Acme Hemp)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ plViolationCheckId: 41 }));
    expect(useAppStore.getState().account.jobs).toEqual([]);
  });

  it('re-shows stored outcomes after a reload and removes a closed one after 300 ms', async () => {
    vi.useFakeTimers();
    useAppStore.getState().addJob(job({ jobId: 'a', status: 'FAILED', isDone: true }));
    useAppStore.getState().addJob(job({ jobId: 'b', status: 'CANCELLED', isDone: true }));
    render(<ScanNotices onView={vi.fn()} />);
    expect(screen.getByText('Webcrawler ran failed')).toBeTruthy();
    expect(screen.getByText('Webcrawler is cancelled')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(useAppStore.getState().account.jobs.map((j) => j.jobId)).toEqual(['a', 'b']);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(useAppStore.getState().account.jobs.map((j) => j.jobId)).toEqual(['b']);
  });

  it('offers no View when the site template turns the Webcrawler off', () => {
    useBranding.setState({
      plSiteTemplateId: 4,
      elements: [terminology('menuWebcrawler', false)],
    });
    try {
      useAppStore.getState().addJob(job({ status: 'SUCCESS', isDone: true, plViolationCheckId: 41 }));
      render(<ScanNotices onView={vi.fn()} />);
      expect(screen.getByText('Webcrawler ran successfully')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'View' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    } finally {
      useBranding.setState({ plSiteTemplateId: null, elements: [] });
    }
  });

  it('cancels a running scan', async () => {
    server.use(
      handle(getScanUrlJob, () => remoteJob('processing', 1, 4)),
      handle(cancelScanUrlJob, () => remoteJob('cancelled', 1, 4)),
    );
    useAppStore.getState().addJob(job());
    render(<ScanNotices onView={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('Webcrawler is cancelled')).toBeTruthy());
    expect(sentTo(cancelScanUrlJob)[0]).toEqual({ jobId: job().jobId });
  });
});

describe('report dialog (spec 3 §2)', () => {
  it('blurs the issues and shows the upgrade banner when the plan may not see them', async () => {
    server.use(
      handle(violationCheckDetail, () => apiError(402, 'PLAN_LIMIT_REACHED', UPGRADE_TO_VIEW_ISSUES)),
    );
    const onUpgrade = vi.fn();
    render(
      <ReportDialog
        plCompanyId={7}
        plViolationCheckId={41}
        companyName="Acme Hemp"
        check={{
          plViolationCheckId: 41,
          checkTime: '2026-11-20T10:00:00.000Z',
          url: 'https://shop.example/',
          violationCount: 1,
          totalFindings: 1,
          severityCounts: { HIGH: 1, MEDIUM: 0, LOW: 0, COMPLIANCE: 0 },
          newCount: 0,
          resolvedCount: 0,
        }}
        onClose={vi.fn()}
        onUpgrade={onUpgrade}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('issues-blurred')).toBeTruthy());
    expect(screen.getByText('Scan has identified 1 potential issue!')).toBeTruthy();
    expect(screen.getByText('Trustleaf Website Compliance Report')).toBeTruthy();
    expect(screen.queryByTestId('report-export')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: UPGRADE_TO_VIEW_ISSUES }));
    expect(onUpgrade).toHaveBeenCalled();
  });
});

const finding = {
  complianceFindingId: 501,
  description: 'Health claim',
  url: 'https://shop.example/',
  imageUrl: null,
  isInVideo: false,
  startTime: null,
  videoUrl: null,
  evidence: 'CBD cures anxiety',
  severity: 'HIGH',
  violationType: 'NON_COMPLIANCE',
  category: 'HEALTH_CLAIM',
  term: 'cures anxiety',
  ruleRef: 'FDA 21 U.S.C. 343(r)',
  hint: 'How to fix: remove the claim',
  isCompliant: false,
  isReviewed: false,
  isNew: false,
  hasSnapshot: false,
} satisfies ViolationCheckDetail['violations'][number];

const reportDetail: ViolationCheckDetail = {
  plViolationCheckId: 41,
  plCompanyId: 7,
  companyName: 'Acme Hemp',
  url: 'https://shop.example/',
  checkTime: '2026-11-20T10:00:00.000Z',
  violationCount: 1,
  totalFindings: 1,
  pagesScanned: 1,
  severityCounts: { HIGH: 1, MEDIUM: 0, LOW: 0, COMPLIANCE: 0 },
  violations: [finding],
  resolvedViolations: [],
  previousViolationCheckId: null,
  productVerification: { authorizedProducts: [], unauthorizedProducts: [] },
};

describe('reviewing a finding', () => {
  function renderIssues() {
    render(<IssuesTable detail={reportDetail} />);
    return screen.getByRole<HTMLInputElement>('checkbox', { name: 'Reviewed' });
  }

  /** A PATCH that answers only when the test says so. */
  function stubPendingPatch() {
    let answer: ((response: Response) => void) | null = null;
    server.use(
      handle(
        updateComplianceFinding,
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    return async (status: number, body: unknown) => {
      await waitFor(() => expect(answer).not.toBeNull());
      expect(sentRequests()[0]?.url.pathname).toBe('/api/webcrawler/complianceFinding/501');
      await act(async () => answer?.(Response.json(body, { status })));
    };
  }

  it('ticks "Reviewed" on the click itself, before the server answers, and keeps the saved state', async () => {
    const answer = stubPendingPatch();
    const reviewed = renderIssues();
    fireEvent.click(reviewed);
    expect(reviewed.checked).toBe(true);
    await answer(200, { detail: { ...finding, isReviewed: true } });
    await waitFor(() => expect(screen.getByText('The finding was updated')).toBeTruthy());
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Reviewed' }).checked).toBe(true);
  });

  it('unticks "Reviewed" again and says why when saving fails', async () => {
    const answer = stubPendingPatch();
    const reviewed = renderIssues();
    fireEvent.click(reviewed);
    expect(reviewed.checked).toBe(true);
    await answer(404, { messages: ['Finding not found'], code: 'NOT_FOUND' });
    await waitFor(() => expect(screen.getByText('Finding not found')).toBeTruthy());
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Reviewed' }).checked).toBe(false);
  });
});

describe('the issue image of a finding in page text', () => {
  const SNAPSHOT = 'data:image/png;base64,iVBORw0KGgo=';

  function renderWith(violation: Violation) {
    server.use(handle(complianceFindingSnapshot, () => ({ base64: SNAPSHOT, contentType: 'image/png' })));
    render(<IssuesTable detail={{ ...reportDetail, violations: [violation] }} />);
  }

  it('shows the page snapshot the scan stored, with its alt text', async () => {
    renderWith({ ...finding, hasSnapshot: true });
    const image = await screen.findByRole<HTMLImageElement>('img', {
      name: 'Snapshot of https://shop.example/ with the claim highlighted',
    });
    expect(image.getAttribute('src')).toBe(SNAPSHOT);
    expect(image.dataset.testid).toBe('issue-snapshot');
  });

  it('shows the snapshot wide enough to read and, on a click, whole in a dialog', async () => {
    renderWith({ ...finding, hasSnapshot: true });
    const image = await screen.findByTestId('issue-snapshot');
    expect(getComputedStyle(image).width).toBe('320px');
    fireEvent.click(screen.getByRole('button', { name: /with the claim highlighted Enlarge$/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Snapshot of https://shop.example/ with the claim highlighted',
    });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(SNAPSHOT);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no image for a finding whose image is a 1×1 spacer or does not decode', async () => {
    const PIXEL = 'data:image/png;base64,AAAA';
    server.use(handle(urlToBase64, () => ({ base64: PIXEL, contentType: 'image/png' })));
    render(
      <IssuesTable
        detail={{
          ...reportDetail,
          violations: [
            { ...finding, complianceFindingId: 501, imageUrl: 'https://shop.example/pixel.png' },
            { ...finding, complianceFindingId: 502, imageUrl: 'https://shop.example/broken.png' },
          ],
        }}
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('issue-image')).toHaveLength(2));
    const [pixel, broken] = screen.getAllByTestId<HTMLImageElement>('issue-image');
    Object.defineProperty(pixel, 'naturalWidth', { value: 1 });
    Object.defineProperty(pixel, 'naturalHeight', { value: 1 });
    fireEvent.load(pixel!);
    fireEvent.error(broken!);
    await waitFor(() => expect(screen.queryByTestId('issue-image')).toBeNull());
    // The links to the page stay.
    expect(screen.getAllByRole('link', { name: /Open the page/ })).toHaveLength(2);
  });

  it('asks for no snapshot when the finding has none', async () => {
    renderWith(finding);
    await screen.findByText('CBD cures anxiety');
    expect(screen.queryByTestId('issue-snapshot')).toBeNull();
    expect(sentRequests().map((request) => request.url.pathname)).not.toContain(
      '/api/webcrawler/complianceFinding/501/snapshot',
    );
  });
});
