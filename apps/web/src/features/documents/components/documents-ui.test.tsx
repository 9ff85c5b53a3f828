import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DocumentIndicator } from '@/features/documents/components/document-indicator';
import { RejectionReasonsDialog } from '@/features/documents/components/rejection-reasons-dialog';
import '@/lib/i18n';

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

  it('is grey when nothing is uploaded', () => {
    render(<DocumentIndicator now={NOW} daysPriorNotify={30} document={null} />);
    expect(screen.getByTestId('document-indicator').dataset.colour).toBe('grey');
  });
});

// MUI dialogs take a few seconds to mount in jsdom.
describe('RejectionReasonsDialog', { timeout: 20_000 }, () => {
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

  it('asks "Save changes" before closing with unsaved edits, and validates 150 characters', () => {
    const onClose = vi.fn();
    render(withQuery(<RejectionReasonsDialog reasons={reasons} onClose={onClose} />));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getAllByRole('button', { name: /Remove reason/ })).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Notification 2'), { target: { value: 'x'.repeat(151) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Maximum 150 characters')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Your unsaved changes will be lost. Save changes before closing?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Don't Save" }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
