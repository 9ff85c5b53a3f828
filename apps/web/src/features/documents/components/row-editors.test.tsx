import { fireEvent, screen, waitFor } from '@testing-library/react';
import { upsertDocumentType, upsertReason } from '@trustleaf/domain/api/documents';
import type { DocumentType, Reason } from '@trustleaf/domain/schemas/document';
import { describe, expect, it, vi } from 'vitest';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { DocumentTypesDialog } from './document-types-dialog';
import { RejectionReasonsDialog } from './rejection-reasons-dialog';

const WAIT = { timeout: 10_000 };

const type = (id: number, name: string): DocumentType => ({
  plDocumentTypeId: id,
  name,
  licenseCheck: false,
  certificationCheck: false,
  expirationCheck: false,
  dayPriorNotify: null,
  plBusinessTypeIds: [1],
  plBusinessTypes: [{ id: 1, name: 'Retailer' }],
});

const invalid = (field: string, index = 0) =>
  expect(screen.getAllByLabelText(field)[index]!.getAttribute('aria-invalid')).toBe('true');

// MUI dialogs take a few seconds to mount in jsdom.
describe('DocumentTypesDialog', () => {
  it("shows the server's refusal of a change on the field of the row it came from", async () => {
    server.use(
      handle(upsertDocumentType, () =>
        validationFailure({
          field: 'plDocumentTypes.1.name',
          message: 'Maximum 100 characters',
          key: 'documents.messages.max100',
        }),
      ),
    );
    const onClose = vi.fn();
    renderApp(
      <DocumentTypesDialog
        types={[type(1, 'Licence'), type(2, 'Permit')]}
        businessTypes={[{ id: 1, name: 'Retailer' }]}
        onClose={onClose}
      />,
    );
    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'State licence' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(await screen.findByLabelText('Name 3', {}, WAIT), { target: { value: 'Fire permit' } });
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: 'Business types' })[2]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Retailer' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // The changes are the update of row 1 and the insert of row 3: change 1 is row 3.
    await waitFor(() => invalid('Name 3'), WAIT);
    expect(screen.getByText('Maximum 100 characters')).toBeTruthy();
    expect(screen.getByLabelText('Name 1').getAttribute('aria-invalid')).toBe('false');
    const [sent] = sentTo(upsertDocumentType) as { plDocumentTypes: { action: string; name: string }[] }[];
    expect(sent!.plDocumentTypes.map((change) => [change.action, change.name])).toEqual([
      ['update', 'State licence'],
      ['insert', 'Fire permit'],
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the rows by their rule before sending, leaving a blank new row out', async () => {
    const onClose = vi.fn();
    renderApp(
      <DocumentTypesDialog
        types={[type(1, 'Licence')]}
        businessTypes={[{ id: 1, name: 'Retailer' }]}
        onClose={onClose}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'License' }));
    expect(screen.getByRole('checkbox', { name: 'Expiration' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => invalid('Days prior notify'), WAIT);
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(screen.getAllByLabelText('Days prior notify')[1]!.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText('Name 2').getAttribute('aria-invalid')).toBe('false');
    expect(sentTo(upsertDocumentType)).toEqual([]);
  });
});

describe('RejectionReasonsDialog', () => {
  const reasons: Reason[] = [
    {
      plReasonId: 1,
      reasonName: 'Illegible',
      notification: 'Please upload a clear scan.',
      reasonType: 'REJECT',
    },
    { plReasonId: 2, reasonName: 'Expired', notification: 'The document has expired.', reasonType: 'REJECT' },
  ];

  it("keeps the dialog open with the server's refusal on the row's field", async () => {
    server.use(
      handle(upsertReason, () =>
        validationFailure({
          field: 'plReasons.0.notification',
          message: 'Maximum 150 characters',
          key: 'documents.messages.max150',
        }),
      ),
    );
    const onClose = vi.fn();
    renderApp(<RejectionReasonsDialog reasons={reasons} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Notification 2'), { target: { value: 'Upload a current one.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => invalid('Notification 2'), WAIT);
    expect(screen.getByText('Maximum 150 characters')).toBeTruthy();
    expect(screen.getByLabelText('Notification 1').getAttribute('aria-invalid')).toBe('false');
    expect(sentTo(upsertReason)).toEqual([
      {
        plReasons: [
          {
            plReasonId: 2,
            reasonName: 'Expired',
            notification: 'Upload a current one.',
            reasonType: 'REJECT',
            action: 'UPDATE',
          },
        ],
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('removes a row: the rows after it keep their values and only the delete is sent', async () => {
    server.use(handle(upsertReason, () => ({ reasons: [{ ...reasons[1]! }] })));
    const onClose = vi.fn();
    renderApp(<RejectionReasonsDialog reasons={reasons} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove reason 1' }));
    expect(screen.getByLabelText<HTMLInputElement>('Reason 1').value).toBe('Expired');
    expect(screen.queryByLabelText('Reason 2')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true), WAIT);
    expect(sentTo(upsertReason)).toEqual([{ plReasons: [{ ...reasons[0], action: 'DELETE' }] }]);
  });
});
