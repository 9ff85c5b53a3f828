import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getCoaUploadJob, uploadCoas } from '@trustleaf/domain/api/documents';
import { preupload } from '@trustleaf/domain/api/storage';
import { COA_UPLOAD_EVENT, type CoaUploadJob } from '@trustleaf/domain/schemas/document';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeLive } from '@/testing/fake-live';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { getCoaUploadJobQueryOptions } from '../api/upload-coas';
import { CoaUpload } from './coa-upload';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

const batch = (change: Partial<CoaUploadJob> = {}): CoaUploadJob => ({
  plUserUploadCoaId: 31,
  plCompanyId: 42,
  status: 'PROCESSING',
  processed: 0,
  total: 2,
  items: [],
  ...change,
});

const done = (fileName: string) => ({
  fileName,
  status: 'SUCCESS' as const,
  message: null,
  cannabinoids: { delta9Thc: 0.2 },
  violations: [],
});

let onServer: CoaUploadJob;
beforeEach(() => {
  onServer = batch();
  server.use(
    handle(preupload, ({ input }) =>
      ['a.pdf', 'b.pdf'].map((name) => ({ key: `${input.mode}/${name}`, name, size: 4, extension: 'pdf' })),
    ),
    handle(uploadCoas, () => onServer),
    handle(getCoaUploadJob, () => onServer),
  );
});

function chooseFiles() {
  const files = ['a.pdf', 'b.pdf'].map((name) => new File(['%PDF'], name, { type: 'application/pdf' }));
  fireEvent.change(screen.getByTestId('coa-files'), { target: { files } });
}

describe('COA upload progress (spec 3 §4)', { timeout: 30_000 }, () => {
  it('follows the batch through live events in the query cache, then shows the results', async () => {
    const live = createFakeLive();
    const { queryClient } = renderApp(<CoaUpload plCompanyId={42} />, { session: 'signed-in', live });
    chooseFiles();
    expect(await screen.findByText('0/2 Documents Uploaded...', {}, WAIT)).toBeTruthy();
    expect(sentTo(uploadCoas)).toEqual([{ plCompanyId: 42, uploadKeys: ['coa/a.pdf', 'coa/b.pdf'] }]);

    // Another batch of the company (someone else's upload) leaves this notice alone.
    live.send(COA_UPLOAD_EVENT, batch({ plUserUploadCoaId: 99, processed: 1, total: 5 }));
    live.send(COA_UPLOAD_EVENT, batch({ processed: 1, items: [done('a.pdf')] }));
    expect(await screen.findByText('1/2 Documents Uploaded...', {}, WAIT)).toBeTruthy();
    expect(queryClient.getQueryData(getCoaUploadJobQueryOptions(31).queryKey)?.processed).toBe(1);

    live.send(
      COA_UPLOAD_EVENT,
      batch({ status: 'COMPLETED', processed: 2, items: [done('a.pdf'), done('b.pdf')] }),
    );
    expect(await screen.findByText('COA uploaded successfully', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('coa-results').textContent).toContain('b.pdf');
    expect(screen.queryByTestId('coa-progress')).toBeNull();
    // The live channel brought every step: the batch was never polled.
    expect(sentTo(getCoaUploadJob)).toEqual([]);
  });

  it('keeps the furthest step when the upload answers after the first live events', async () => {
    const live = createFakeLive();
    renderApp(<CoaUpload plCompanyId={42} />, { session: 'signed-in', live });
    // The worker is quick: its first step reaches the page before the upload's own answer.
    live.send(COA_UPLOAD_EVENT, batch({ processed: 1, items: [done('a.pdf')] }));
    chooseFiles();
    expect(await screen.findByText('1/2 Documents Uploaded...', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('0/2 Documents Uploaded...')).toBeNull();
  });

  it('shows a refused file and a failed item by their keys', async () => {
    const live = createFakeLive();
    renderApp(<CoaUpload plCompanyId={42} />, { session: 'signed-in', live });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' });
    fireEvent.change(screen.getByTestId('coa-files'), { target: { files: [exe] } });
    expect(await screen.findByText('File Type Is Not Supported', {}, WAIT)).toBeTruthy();
    expect(sentTo(uploadCoas)).toEqual([]);

    chooseFiles();
    expect(await screen.findByTestId('coa-progress', {}, WAIT)).toBeTruthy();
    const refused = {
      ...done('b.pdf'),
      status: 'FAILED' as const,
      message: 'as the server wrote it',
      messageKey: 'refusals.archiveTooLarge',
      messageParams: { megabytes: 50 },
    };
    live.send(
      COA_UPLOAD_EVENT,
      batch({ status: 'COMPLETED', processed: 2, items: [done('a.pdf'), refused] }),
    );
    const results = await screen.findByTestId('coa-results', {}, WAIT);
    expect(results.textContent).toContain('b.pdf: The archive expands to more than 50 MB');
    expect(results.textContent).not.toContain('as the server wrote it');
  });

  it('closes the notice without results when the batch fails', async () => {
    const live = createFakeLive();
    renderApp(<CoaUpload plCompanyId={42} />, { session: 'signed-in', live });
    chooseFiles();
    expect(await screen.findByTestId('coa-progress', {}, WAIT)).toBeTruthy();
    live.send(COA_UPLOAD_EVENT, batch({ status: 'FAILED', processed: 1 }));
    await waitFor(() => expect(screen.queryByTestId('coa-progress')).toBeNull(), WAIT);
    expect(screen.queryByTestId('coa-results')).toBeNull();
  });
});
