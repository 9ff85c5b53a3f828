import { act, fireEvent, screen, within } from '@testing-library/react';
import { adminCompanyListing } from '@trustleaf/domain/api/admin';
import { planListing } from '@trustleaf/domain/api/billing';
import { generalInfo } from '@trustleaf/domain/api/reference';
import { COMPANY_TYPES } from '@trustleaf/domain/reference/company-types';
import type { CompanyListingRow } from '@trustleaf/domain/schemas/admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { answer, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { CompaniesConsole } from './companies-console';
import { SUPER_ADMIN_PROFILE } from '@/testing/profile-fixtures';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

const ROW: CompanyListingRow = {
  plCompanyId: 7,
  companyName: 'Green Valley Hemp Co.',
  businessType: 'Cultivator',
  businessTypeId: 4,
  state: 'CO',
  country: 'US',
  kind: 'NORMAL',
  status: 'ACTIVE',
  plPlanId: null,
  plan: null,
  memberCount: 2,
  createdAt: '2026-11-25T00:00:00.000Z',
};

beforeEach(async () => {
  server.use(
    answer(adminCompanyListing, { items: [ROW], total: 1 }),
    answer(planListing, { items: [] }),
    answer(generalInfo, {
      businessTypes: COMPANY_TYPES.map(({ id, name, type, plSegmentIds }) => ({
        id,
        name,
        type,
        plSegmentIds: [...plSegmentIds],
      })),
    }),
  );
  await loadMessages('app', 'fr');
  await act(async () => {
    await i18n.changeLanguage('fr');
  });
});

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('admin companies console', { timeout: 20_000 }, () => {
  it("names each company's type in the reader's language, in the list, the filter and the detail", async () => {
    renderApp(<CompaniesConsole />, { session: SUPER_ADMIN_PROFILE });
    const list = await screen.findByTestId('admin-companies-list', {}, WAIT);
    const row = await within(list).findByRole('listitem', {}, WAIT);
    expect(row.textContent).toContain('Cultivateur · CO');
    expect(row.textContent).not.toContain('Cultivator');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: "Type d'entreprise" }));
    const options = await screen.findByRole('listbox', {}, WAIT);
    expect(within(options).getByRole('option', { name: 'Laboratoire' })).toBeTruthy();
    fireEvent.keyDown(options, { key: 'Escape' });

    fireEvent.click(within(row).getByRole('button'));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('Cultivateur')).toBeTruthy();
  });
});
