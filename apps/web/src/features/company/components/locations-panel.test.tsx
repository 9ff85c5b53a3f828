import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { locationListing, upsertLocation } from '@trustleaf/domain/api/company';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { LocationsPanel } from './locations-panel';

const WAIT = { timeout: 10_000 };

beforeEach(() => {
  server.use(handle(locationListing, () => ({ locations: [] })));
});

async function openAddDialog(buttonName: string) {
  renderApp(<LocationsPanel plCompanyId={7} canManage />, { session: 'signed-in' });
  fireEvent.click(await screen.findByRole('button', { name: buttonName }, WAIT));
  return within(await screen.findByRole('dialog', {}, WAIT));
}

describe('LocationsPanel (spec 3 §3 site types)', () => {
  it('refuses an empty location by the rules’ keys, in the reader’s language, before any call', async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    try {
      const dialog = await openAddDialog('Ajouter un site');
      fireEvent.click(dialog.getByTestId('location-save'));
      expect(await dialog.findByText('Le site est obligatoire', {}, WAIT)).toBeTruthy();
      expect(dialog.getByText('La fonction du site est obligatoire')).toBeTruthy();
      expect(dialog.getByText('L’adresse est obligatoire')).toBeTruthy();
      expect(sentTo(upsertLocation)).toHaveLength(0);
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });

  it("puts the server's refusal on its field by its key", async () => {
    server.use(
      handle(upsertLocation, () =>
        validationFailure({ field: 'locationName', message: 'An English text', key: 'company.errors.state' }),
      ),
    );
    const dialog = await openAddDialog('Add location');
    fireEvent.change(dialog.getByLabelText('Location name'), { target: { value: 'Warehouse' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Function of location' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Retail' }, WAIT));
    fireEvent.change(dialog.getByLabelText('Address'), { target: { value: '1 Main St' } });
    fireEvent.change(dialog.getByLabelText('State (2 letters)'), { target: { value: 'CO' } });
    fireEvent.click(dialog.getByTestId('location-save'));
    await waitFor(() => expect(sentTo(upsertLocation)).toHaveLength(1), WAIT);
    expect(await dialog.findByText('State must be 2 characters', {}, WAIT)).toBeTruthy();
    expect(dialog.queryByText('An English text')).toBeNull();
  });
});
