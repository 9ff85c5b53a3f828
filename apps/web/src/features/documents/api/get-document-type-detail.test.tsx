import { screen } from '@testing-library/react';
import { getDocumentTypeDetail } from '@trustleaf/domain/api/documents';
import {
  DOCUMENT_CONVERTED_EVENT,
  type DocumentConvertedEvent,
  type DocumentVersion,
} from '@trustleaf/domain/schemas/document';
import { describe, expect, it } from 'vitest';
import { testDocumentVersion } from '@/testing/document-fixtures';
import { createFakeLive } from '@/testing/fake-live';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { useDocumentTypeDetail } from './get-document-type-detail';

/** Rendering waits on fetches: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

const version = (conversionStatus: DocumentVersion['conversionStatus']): DocumentVersion =>
  testDocumentVersion({
    documentId: 11,
    documentTypeId: 3,
    plCompanyId: 42,
    fileName: 'registration.docx',
    conversionStatus,
    uploadedAt: '2026-11-20T10:00:00.000Z',
  });

/** What the review dialog reads of the type's versions: the newest one's conversion. */
function Conversion() {
  const detail = useDocumentTypeDetail(42, 3);
  const latest = detail.data?.documents[0];
  return <p data-testid="conversion">{latest ? latest.conversionStatus : 'loading'}</p>;
}

const converted = (change: Partial<DocumentConvertedEvent> = {}): DocumentConvertedEvent => ({
  plCompanyId: 42,
  documentTypeId: 3,
  documentId: 11,
  conversionStatus: 'COMPLETED',
  ...change,
});

describe("a version's conversion on the review screens", { timeout: 30_000 }, () => {
  it('refetches the versions when the live channel says the conversion ended, not before', async () => {
    let conversionStatus: DocumentVersion['conversionStatus'] = 'PROCESSING';
    server.use(
      handle(getDocumentTypeDetail, () => ({
        documentType: {
          documentTypeId: 3,
          documentTypeName: 'Business Registration',
          licenseCheck: false,
          certificationCheck: false,
          expirationCheck: false,
          dayPriorNotify: null,
        },
        documents: [version(conversionStatus)],
      })),
    );
    const live = createFakeLive();
    renderApp(<Conversion />, { session: 'signed-in', live, staleTime: Infinity });
    expect(await screen.findByText('PROCESSING', {}, WAIT)).toBeTruthy();
    expect(sentTo(getDocumentTypeDetail)).toHaveLength(1);

    conversionStatus = 'COMPLETED';
    // Another type's version, or another company's, is not this screen's business.
    live.send(DOCUMENT_CONVERTED_EVENT, converted({ documentTypeId: 4, documentId: 12 }));
    live.send(DOCUMENT_CONVERTED_EVENT, converted({ plCompanyId: 43, documentId: 13 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sentTo(getDocumentTypeDetail)).toHaveLength(1);
    expect(screen.getByTestId('conversion').textContent).toBe('PROCESSING');

    live.send(DOCUMENT_CONVERTED_EVENT, converted());
    expect(await screen.findByText('COMPLETED', {}, WAIT)).toBeTruthy();
    expect(sentTo(getDocumentTypeDetail)).toEqual([
      { plCompanyId: 42, documentTypeId: 3 },
      { plCompanyId: 42, documentTypeId: 3 },
    ]);
  });
});
