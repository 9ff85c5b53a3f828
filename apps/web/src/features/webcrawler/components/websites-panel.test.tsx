import { fireEvent, screen, waitFor } from '@testing-library/react';
import { upsertWebsite, websiteListing } from '@trustleaf/domain/api/webcrawler';
import { MAX_CRAWLER_ADDRESS_LENGTH } from '@trustleaf/domain/rules/crawler-link';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handle, sentTo, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import { validationFailure } from '@/testing/validation-failure';
import { WebsitesPanel } from './websites-panel';

const WAIT = { timeout: 10_000 };
const REFUSED = 'Please enter a valid URL (e.g., https://example.com)';

beforeEach(() => {
  server.use(
    handle(websiteListing, () => ({ websites: [] })),
    handle(upsertWebsite, () =>
      validationFailure({ field: 'url', message: REFUSED, key: 'validation.custom' }),
    ),
  );
});

function renderPanel() {
  renderApp(<WebsitesPanel plCompanyId={7} onUpgrade={vi.fn()} />, { session: 'signed-in' });
}

const posts = () => sentTo(upsertWebsite);

describe('WebsitesPanel add form', () => {
  it('blocks an address longer than the shared schema allows', async () => {
    renderPanel();
    fireEvent.change(screen.getByTestId('website-url'), {
      target: { value: `https://a.test/${'x'.repeat(MAX_CRAWLER_ADDRESS_LENGTH)}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add website' }));
    await waitFor(
      () => expect(screen.getByTestId('website-url').getAttribute('aria-invalid')).toBe('true'),
      WAIT,
    );
    expect(posts()).toHaveLength(0);
  });

  it("shows the server's refusal of the address on the field", async () => {
    renderPanel();
    fireEvent.change(screen.getByTestId('website-url'), { target: { value: 'not a site' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add website' }));
    expect(await screen.findByText(REFUSED, {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('website-url').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('website-error')).toBeNull();
    expect(posts()).toHaveLength(1);
  });
});
