import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  addCategory,
  addSegment,
  businessTypeListing,
  categoryListing,
  segmentListing,
  updateBusinessType,
} from '@trustleaf/domain/api/reference';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { ReferenceDataPanel } from './reference-data-panel';

const WAIT = { timeout: 10_000 };

beforeEach(() => {
  server.use(
    answer(segmentListing, { segments: [{ plSegmentId: 1, name: 'Hemp', type: 'HEMP' }] }),
    answer(businessTypeListing, {
      businessTypes: [{ plBusinessTypeId: 4, name: 'Retailer', type: 'RETAILER', plSegmentIds: [1] }],
    }),
    answer(categoryListing, {
      categories: [
        { plCategoryId: 10, type: 'PRODUCT', name: 'Edibles', parentCategoryId: null },
        { plCategoryId: 11, type: 'PRODUCT', name: 'Gummies', parentCategoryId: 10 },
      ],
    }),
  );
});

async function openAdd(section: string, button: string) {
  renderApp(<ReferenceDataPanel />, { session: 'signed-in' });
  const card = await screen.findByTestId(section, {}, WAIT);
  fireEvent.click(within(card).getByRole('button', { name: button }));
  return screen.findByRole('dialog', {}, WAIT);
}

// MUI dialogs take a few seconds to mount in jsdom.
describe('ReferenceDataPanel', () => {
  it('checks a category by its rule before sending: a product category needs a parent and a free name', async () => {
    server.use(handle(addCategory, ({ input }) => ({ plCategoryId: 12, ...input })));
    const dialog = await openAdd('reference-categories', 'Add category');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Tinctures' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A parent category is required for a product category', {}, WAIT),
    ).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Parent category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Edibles' }));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: ' gummies ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This Product Category already exists', {}, WAIT)).toBeTruthy();
    expect(sentTo(addCategory)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Tinctures' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(sentTo(addCategory)).toEqual([{ type: 'PRODUCT', name: 'Tinctures', parentCategoryId: 10 }]);
  });

  it("shows the server's refusal on its field, by its key", async () => {
    server.use(
      handle(addSegment, () =>
        validationFailure({ field: 'name', message: 'name is too long', key: 'reference.messages.max100' }),
      ),
    );
    const dialog = await openAdd('reference-segments', 'Add segment');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cannabis' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'),
      WAIT,
    );
    expect(within(dialog).getByText('Maximum 100 characters')).toBeTruthy();
    expect(within(dialog).queryByText('name is too long')).toBeNull();
  });

  it("saves a business type's segments and fetches the listings it changes again", async () => {
    server.use(handle(updateBusinessType, ({ input }) => ({ ...input, type: 'RETAILER' })));
    renderApp(<ReferenceDataPanel />, { session: 'signed-in' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Retailer' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Retail store' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(businessTypeListing)).toHaveLength(2), WAIT);
    expect(sentTo(updateBusinessType)).toEqual([
      { plBusinessTypeId: 4, name: 'Retail store', plSegmentIds: [1] },
    ]);
    expect(sentTo(segmentListing)).toHaveLength(1);
    expect(sentTo(categoryListing)).toHaveLength(1);
  });
});
