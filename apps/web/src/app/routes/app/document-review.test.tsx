import { act, screen, within } from '@testing-library/react';
import { reviewQueue } from '@trustleaf/domain/api/documents';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentReviewRoute } from '@/app/routes/app/document-review';
import { i18n, loadMessages } from '@/lib/i18n';
import { apiError, handle, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';

const WAIT = { timeout: 10_000 };

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('/documents/review', { timeout: 20_000 }, () => {
  it('lists each pending upload as a block on a phone, the company as its title and Review at its end', async () => {
    server.use(
      handle(reviewQueue, () => ({
        items: [
          {
            plCompanyId: 5,
            companyName: 'Green Valley Hemp Co.',
            documentTypeId: 3,
            documentTypeName: 'State Cannabis License',
            documentId: 11,
            reviewStatus: 'pending' as const,
            uploadedAt: '2026-12-07T10:00:00.000Z',
          },
        ],
      })),
    );
    renderApp(<DocumentReviewRoute />, { route: '/documents/review', session: 'signed-in' });
    const row = await screen.findByTestId('queue-row', {}, WAIT);
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-phone'))).toEqual(['title', null, null, 'actions']);
    expect(cells[0]!.textContent).toBe('Green Valley Hemp Co.');
    expect(within(cells[3]!).getByRole('button', { name: 'Review' })).toBeTruthy();
    expect(cells[1]!.getAttribute('data-label')).toBe('Document type');
  });

  it('says why the queue could not be read in the reader’s language, not the server’s English', async () => {
    await loadMessages('app', 'fr');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    server.use(
      handle(reviewQueue, () =>
        apiError(403, 'FORBIDDEN', 'You do not have permission to do this', {
          issues: [
            { field: '', message: 'You do not have permission to do this', key: 'refusals.forbidden' },
          ],
        }),
      ),
    );
    renderApp(<DocumentReviewRoute />, { route: '/documents/review', session: 'signed-in' });
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe(
      "Vous n'avez pas l'autorisation de faire cela",
    );
  });
});
