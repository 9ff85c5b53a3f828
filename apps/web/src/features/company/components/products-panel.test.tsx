import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createProduct, productListing, updateProduct } from '@trustleaf/domain/api/webcrawler';
import type { Product } from '@trustleaf/domain/schemas/webcrawler';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { loadExtraLocale } from '@/lib/locale-bundle';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { ProductsPanel } from './products-panel';

const WAIT = { timeout: 10_000 };
const DROPS: Product = {
  plProductId: 3,
  plCompanyId: 7,
  name: 'Calm Drops',
  status: 'ACTIVE',
  source: 'MANUAL',
  metrcNumber: '1A40603',
  sampleNumber: null,
  lotNumber: 'LOT-7',
  batchNumber: null,
  receivedProductAt: '2026-03-01',
  expireDate: '2027-03-01',
  createdAt: '2026-03-01T10:00:00.000Z',
};

beforeEach(() => {
  server.use(
    handle(productListing, () => ({ products: [DROPS] })),
    handle(createProduct, ({ input }) => ({ ...DROPS, plProductId: 4, name: input.name })),
    handle(updateProduct, () => DROPS),
  );
});

function renderPanel() {
  renderApp(<ProductsPanel plCompanyId={7} canManage />, { session: 'signed-in' });
}

async function openDialog(buttonName: string) {
  fireEvent.click(await screen.findByRole('button', { name: buttonName }, WAIT));
  return within(await screen.findByRole('dialog', {}, WAIT));
}

const type = (dialog: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(dialog.getByLabelText(label), { target: { value } });

describe('ProductsPanel (spec 3 §3 Product)', () => {
  it('lists a product with the tracking numbers and days it has', async () => {
    renderPanel();
    expect(await screen.findByText('Calm Drops', {}, WAIT)).toBeTruthy();
    const details = screen.getByText(/METRC number: 1A40603/);
    expect(details.textContent).toContain('Lot number: LOT-7');
    expect(details.textContent).toContain('Expires on: 2027-03-01');
    expect(details.textContent).not.toContain('Sample number');
  });

  it('refuses an expiry before the day received before any call', async () => {
    renderPanel();
    const dialog = await openDialog('Add product');
    type(dialog, 'Product name', 'Night Balm');
    type(dialog, 'Received on', '2026-05-02');
    type(dialog, 'Expires on', '2026-05-01');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('The expiry date cannot be before the received date', {}, WAIT),
    ).toBeTruthy();
    expect(dialog.getByLabelText('Expires on').getAttribute('aria-invalid')).toBe('true');
    expect(sentTo(createProduct)).toHaveLength(0);
  });

  it('shows the schema’s refusals by their message keys, in the reader’s language', async () => {
    await Promise.all([loadMessages('app', 'de'), loadExtraLocale('de')]);
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    try {
      renderPanel();
      const dialog = await openDialog(i18n.t('company.products.add'));
      fireEvent.change(dialog.getByLabelText(i18n.t('company.products.fields.receivedProductAt')), {
        target: { value: '2026-05-02' },
      });
      fireEvent.change(dialog.getByLabelText(i18n.t('company.products.fields.expireDate')), {
        target: { value: '2026-05-01' },
      });
      fireEvent.click(dialog.getByRole('button', { name: i18n.t('company.save') }));
      expect(await dialog.findByText('Dieses Feld ist erforderlich', {}, WAIT)).toBeTruthy();
      expect(dialog.getByText(i18n.t('company.products.errors.expiryBeforeReceived'))).toBeTruthy();
      expect(i18n.t('company.products.errors.expiryBeforeReceived')).not.toMatch(/expiry date/);
      expect(sentTo(createProduct)).toHaveLength(0);
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });

  it("puts the server's refusal on its field", async () => {
    server.use(
      handle(updateProduct, () =>
        validationFailure({
          field: 'expireDate',
          message: 'The expiry date cannot be before the received date',
          key: 'company.products.errors.expiryBeforeReceived',
        }),
      ),
    );
    renderPanel();
    const dialog = await openDialog('Edit Calm Drops');
    type(dialog, 'Expires on', '2026-04-01');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(dialog.getByLabelText('Expires on').getAttribute('aria-invalid')).toBe('true'),
      WAIT,
    );
    expect(dialog.getByText('The expiry date cannot be before the received date')).toBeTruthy();
  });

  it('saves every field of the record, a blank one as cleared', async () => {
    renderPanel();
    const dialog = await openDialog('Edit Calm Drops');
    type(dialog, 'Lot number', '');
    type(dialog, 'Sample number', 'S-12');
    type(dialog, 'Batch number', 'B-3');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(updateProduct)).toHaveLength(1), WAIT);
    expect(sentTo(updateProduct)[0]).toMatchObject({
      plCompanyId: 7,
      plProductId: 3,
      name: 'Calm Drops',
      metrcNumber: '1A40603',
      sampleNumber: 'S-12',
      lotNumber: null,
      batchNumber: 'B-3',
      receivedProductAt: '2026-03-01',
      expireDate: '2027-03-01',
    });
  });
});
