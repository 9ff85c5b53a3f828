import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewerCompanies } from './reviewer-companies';
import '@/lib/i18n';

/** Rendering waits on fetches and MUI transitions: generous on a loaded machine. */
const WAIT = { timeout: 10_000 };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

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

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let reviewers: { plCompanyId: number; companyName: string }[];
beforeEach(() => {
  reviewers = [{ plCompanyId: 5, companyName: 'First Processor' }];
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    const path = url as string;
    if (path.startsWith('/api/document/reviewers?')) return json({ detail: { reviewers } });
    if (path.startsWith('/api/directory/companies?')) {
      // The company itself (9) and an assigned reviewer (5) are not offered again.
      return json({
        detail: {
          items: [entry(9, 'Own Company'), entry(5, 'First Processor'), entry(6, 'Second Processor')],
          page: 1,
          pageSize: 10,
          hasMore: false,
          sort: 'relevance',
        },
      });
    }
    if (path === '/api/document/reviewer') {
      const body = JSON.parse(init?.body as string) as { reviewerCompanyId: number; remove?: boolean };
      reviewers = body.remove
        ? reviewers.filter((r) => r.plCompanyId !== body.reviewerCompanyId)
        : [...reviewers, { plCompanyId: body.reviewerCompanyId, companyName: 'Second Processor' }];
      return json({ detail: { ok: true } });
    }
    return new Response(JSON.stringify({ messages: ['Not found'], code: 'NOT_FOUND' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const assignBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => (url as string) === '/api/document/reviewer')
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);

describe('reviewer companies of the vault', { timeout: 20_000 }, () => {
  it('adds a reviewer found by name in the directory and removes one after confirming', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SnackbarProvider>
          <ReviewerCompanies plCompanyId={9} />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
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
