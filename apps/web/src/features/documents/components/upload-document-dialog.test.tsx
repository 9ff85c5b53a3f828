import { fireEvent, screen, waitFor } from '@testing-library/react';
import { uploadDocument } from '@trustleaf/domain/api/documents';
import { preupload } from '@trustleaf/domain/api/storage';
import type { CompanyDocument } from '@trustleaf/domain/schemas/document';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, handle, sentRequests, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { UploadDocumentDialog } from './upload-document-dialog';

const WAIT = { timeout: 10_000 };

const licenceRow: CompanyDocument = {
  documentType: {
    documentTypeId: 3,
    documentTypeName: 'State licence',
    licenseCheck: true,
    certificationCheck: false,
    expirationCheck: true,
    dayPriorNotify: 30,
    classification: 'LICENSE',
  },
  latest: null,
  versionCount: 0,
};

beforeEach(() => {
  server.use(
    answer(preupload, [{ key: 'k1', name: 'licence.pdf', size: 4, extension: 'pdf' }]),
    handle(uploadDocument, () =>
      validationFailure({
        field: 'licenseState',
        message: 'State of License is required',
        key: 'documents.messages.stateRequired',
      }),
    ),
  );
});

function renderDialog() {
  renderApp(<UploadDocumentDialog plCompanyId={7} row={licenceRow} onClose={vi.fn()} />);
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('UploadDocumentDialog', () => {
  it('blocks the upload by the shared rule: a file, the licence block and an expiry not in the past', async () => {
    renderDialog();
    fill('Expiration Date', '2000-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Document is required', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('State of License is required')).toBeTruthy();
    expect(screen.getByText('Expiration Date cannot be earlier than today')).toBeTruthy();
    expect(sentRequests()).toEqual([]);
  });

  it("shows the server's refusal on its field", async () => {
    renderDialog();
    const file = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('document-file'), { target: { files: [file] } });
    fill('Document Number', 'LIC-1');
    fill('State', 'CO');
    fill('Address', '120 Orchard Road');
    fill('Expiration Date', '2999-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(
      () => expect(screen.getByLabelText('State').getAttribute('aria-invalid')).toBe('true'),
      WAIT,
    );
    expect(screen.getByText('State of License is required')).toBeTruthy();
    expect(sentRequests().map((request) => request.path)).toEqual([
      '/api/storage/preupload',
      '/api/document/document',
    ]);
  });
});
