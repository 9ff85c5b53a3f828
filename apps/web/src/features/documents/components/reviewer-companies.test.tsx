import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { assignReviewer, reviewerListing } from '@trustleaf/domain/api/documents';
import { directoryCompanies } from '@trustleaf/domain/api/directory';
import { beforeEach, describe, expect, it } from 'vitest';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { ReviewerCompanies } from './reviewer-companies';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

const entry = (plCompanyId: number, name: string) => ({
  plCompanyId,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  profileUrl: `/trust/${plCompanyId}`,
  businessType: 'Merchant Processor',
  city: 'Denver',
  state: 'CO',
  country: 'US',
  memberSince: '2026-01-01',
  hasSeal: false,
});

let reviewers: { plCompanyId: number; companyName: string }[];
beforeEach(() => {
  reviewers = [{ plCompanyId: 5, companyName: 'First Processor' }];
  server.use(
    handle(reviewerListing, () => ({ reviewers })),
    // The company itself (9) and an assigned reviewer (5) are not offered again.
    handle(directoryCompanies, () => ({
      items: [entry(9, 'Own Company'), entry(5, 'First Processor'), entry(6, 'Second Processor')],
      page: 1,
      pageSize: 10,
      hasMore: false,
      sort: 'relevance' as const,
    })),
    handle(assignReviewer, ({ input }) => {
      reviewers = input.remove
        ? reviewers.filter((r) => r.plCompanyId !== input.reviewerCompanyId)
        : [...reviewers, { plCompanyId: input.reviewerCompanyId, companyName: 'Second Processor' }];
      return { ok: true };
    }),
  );
});

const assignBodies = () => sentTo(assignReviewer);

describe('reviewer companies of the vault', { timeout: 20_000 }, () => {
  it('adds a reviewer found by name in the directory and removes one after confirming', async () => {
    renderApp(<ReviewerCompanies plCompanyId={9} />, { session: 'signed-in' });
    const list = screen.getByTestId('reviewer-list');
    expect(await within(list).findByText('First Processor', {}, WAIT)).toBeTruthy();

    const search = screen.getByLabelText('Find a company by name');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'Proc' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    const option = await screen.findByRole('option', { name: /Second Processor/ }, WAIT);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Add reviewer' }));
    expect(await screen.findByText('Second Processor can now review your documents', {}, WAIT)).toBeTruthy();
    expect(await within(list).findByText('Second Processor', {}, WAIT)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove First Processor as reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove reviewer?' }, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).queryByText('First Processor')).toBeNull(), WAIT);
    expect(assignBodies()).toEqual([
      { plCompanyId: 9, reviewerCompanyId: 6 },
      { plCompanyId: 9, reviewerCompanyId: 5, remove: true },
    ]);
  });
});
