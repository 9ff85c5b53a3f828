import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DOCUMENT_CLASSIFICATIONS, DocumentsListingSchema } from '@trustleaf/domain/schemas/document';
import { MemoryRouter } from 'react-router';
import { getCompanyDocumentsQueryOptions } from '@/features/documents/api/get-company-documents';
import { DocumentIndicator } from '@/features/documents/components/document-indicator';
import { RejectionReasonsDialog } from '@/features/documents/components/rejection-reasons-dialog';
import { VaultSummary } from '@/features/documents/components/vault-summary';
import '@/lib/i18n';
import { testDocumentVersion } from '@/testing/document-fixtures';

const NOW = new Date('2026-11-22T15:00:00Z');
const withQuery = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
);

describe('DocumentIndicator', () => {
  const indicator = (expirationDate: string | null, reviewStatus = 'accepted') => {
    render(
      <DocumentIndicator
        now={NOW}
        daysPriorNotify={30}
        document={{ expirationCheck: true, reviewStatus, expirationDate }}
      />,
    );
    return screen.getByTestId('document-indicator');
  };

  it('is amber with "Expiring soon!" inside the notify window', () => {
    const node = indicator('2026-12-10');
    expect(node.dataset.colour).toBe('amber');
    expect(node.textContent).toBe('Expiring soon!');
  });

  it('is red with "Expired" after expiry', () => {
    expect(indicator('2026-11-21').textContent).toBe('Expired');
  });

  it('is red with "Rejected" when rejected', () => {
    expect(indicator('2027-06-01', 'rejected').textContent).toBe('Rejected');
  });

  it('is amber with "Pending review" while the document waits for its review, not green', () => {
    const node = indicator('2027-06-01', 'pending');
    expect(node.dataset.colour).toBe('amber');
    expect(node.textContent).toBe('Pending review');
  });

  it('shows Expired and Rejected with different icons', () => {
    const expired = indicator('2026-11-21').querySelector('[data-icon]')?.getAttribute('data-icon');
    cleanup();
    const rejected = indicator('2027-06-01', 'rejected')
      .querySelector('[data-icon]')
      ?.getAttribute('data-icon');
    expect(expired).toBe('expired');
    expect(rejected).toBe('rejected');
  });

  it('is grey when nothing is uploaded', () => {
    render(<DocumentIndicator now={NOW} daysPriorNotify={30} document={null} />);
    expect(screen.getByTestId('document-indicator').dataset.colour).toBe('grey');
  });
});

// MUI dialogs take a few seconds to mount in jsdom.
describe('RejectionReasonsDialog', () => {
  const reasons = [
    {
      plReasonId: 1,
      reasonName: 'Illegible',
      notification: 'Please upload a clear scan.',
      reasonType: 'REJECT' as const,
    },
  ];

  it('closes on Cancel without a prompt when nothing changed, and shows no delete icon for one row', () => {
    const onClose = vi.fn();
    render(withQuery(<RejectionReasonsDialog reasons={reasons} onClose={onClose} />));
    expect(screen.queryByRole('button', { name: /Remove reason/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('asks "Save changes" before closing with unsaved edits, and validates 150 characters', async () => {
    const onClose = vi.fn();
    render(withQuery(<RejectionReasonsDialog reasons={reasons} onClose={onClose} />));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getAllByRole('button', { name: /Remove reason/ })).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Notification 2'), { target: { value: 'x'.repeat(151) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Maximum 150 characters')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Your unsaved changes will be lost. Save changes before closing?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Don't Save" }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});

describe('VaultSummary', () => {
  const renderSummary = (access: 'NORMAL' | 'NON_INTERACTABLE', documents?: unknown[]) => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    if (documents)
      client.setQueryData(
        getCompanyDocumentsQueryOptions(7).queryKey,
        DocumentsListingSchema.parse({ documents }),
      );
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <VaultSummary
            plCompanyId={7}
            now={NOW}
            access={access}
            renderOpenLink={(link) => <span data-testid="gate">{link}</span>}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return client;
  };

  const version = (reviewStatus: 'pending' | 'accepted' | 'rejected', expirationDate: string | null) =>
    testDocumentVersion({ reviewStatus, expirationDate });

  const row = (id: number, latest: ReturnType<typeof version> | null) => ({
    documentType: {
      documentTypeId: id,
      documentTypeName: `Type ${id}`,
      licenseCheck: true,
      certificationCheck: false,
      expirationCheck: true,
      dayPriorNotify: 30,
      classification: DOCUMENT_CLASSIFICATIONS[0],
    },
    latest,
    versionCount: latest ? 1 : 0,
  });

  it('counts document types by indicator and draws them as a labelled bar', () => {
    const documents = DocumentsListingSchema.parse({
      documents: [
        row(1, version('accepted', '2027-06-01')),
        row(2, version('accepted', '2026-12-10')),
        row(3, version('accepted', '2026-11-21')),
        row(4, version('rejected', '2027-06-01')),
        row(5, null),
        row(6, version('accepted', '2027-01-15')),
        row(7, version('pending', '2027-06-01')),
        row(8, version('pending', '2026-12-10')),
      ],
    }).documents;
    renderSummary('NORMAL', documents);
    const count = (state: string) => screen.getByTestId(`vault-count-${state}`).textContent;
    expect(count('valid')).toBe('Valid2');
    expect(count('pending')).toBe('Pending review1');
    expect(count('expiringSoon')).toBe('Expiring soon!2');
    expect(count('expired')).toBe('Expired1');
    expect(count('rejected')).toBe('Rejected1');
    expect(count('missing')).toBe('Nothing uploaded1');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Document types by status: Expired: 1, Rejected: 1, Expiring soon!: 2, Pending review: 1, Valid: 2, Nothing uploaded: 1',
    );
    expect(screen.getByRole('link', { name: 'Open the vault' }).getAttribute('href')).toBe('/documents');
  });

  it('counts and colours a document awaiting review as pending (amber), never as valid', () => {
    const noExpiryCheck = row(2, version('pending', null));
    const documents = DocumentsListingSchema.parse({
      documents: [
        row(1, version('pending', '2027-06-01')),
        { ...noExpiryCheck, documentType: { ...noExpiryCheck.documentType, expirationCheck: false } },
      ],
    }).documents;
    renderSummary('NORMAL', documents);
    expect(screen.getByTestId('vault-count-pending').textContent).toBe('Pending review2');
    expect(screen.getByTestId('vault-count-valid').textContent).toBe('Valid0');
    const segments = [...screen.getByTestId('vault-chart').querySelectorAll('[data-state]')];
    expect(segments.map((segment) => segment.getAttribute('data-state'))).toEqual(['pending']);
  });

  it('asks nothing of a plan without the vault and says so, with the link locked', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = renderSummary('NON_INTERACTABLE');
    expect(screen.getByTestId('vault-locked').textContent).toBe(
      'Your plan does not include the document vault.',
    );
    expect(client.getQueryState(getCompanyDocumentsQueryOptions(7).queryKey)?.fetchStatus ?? 'idle').toBe(
      'idle',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByTestId('gate').textContent).toBe('Open the vault');
    fetchSpy.mockRestore();
  });
});
