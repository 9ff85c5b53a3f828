import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MAX_CRAWLER_ADDRESS_LENGTH } from '@trustleaf/domain/rules/crawler-link';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, validationFailure } from '@/testing/validation-failure';
import { WebsitesPanel } from './websites-panel';
import '@/lib/i18n';

const WAIT = { timeout: 10_000 };
const REFUSED = 'Please enter a valid URL (e.g., https://example.com)';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (url) => {
    const path = url as string;
    if (path.startsWith('/api/webcrawler/websites')) return jsonResponse({ detail: { websites: [] } });
    if (path === '/api/webcrawler/upsertWebsite') {
      return validationFailure({ field: 'url', message: REFUSED, key: 'validation.custom' });
    }
    return jsonResponse({ messages: ['Not found'], code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SnackbarProvider>
        <WebsitesPanel plCompanyId={7} onUpgrade={vi.fn()} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const posts = () => fetchMock.mock.calls.filter(([url]) => url === '/api/webcrawler/upsertWebsite');

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
