import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrawlerIframeRoute } from '@/app/routes/webcrawler/crawler-iframe';
import { CrawlerIframeLink } from '@/components/links/crawler-iframe-link';
import { i18n } from '@/lib/i18n';
import { loadExtraLocale } from '@/lib/locale-bundle';
import { useBranding } from '@/lib/site-template';
import { terminology } from '@/testing/site-template-fixtures';

async function renderAt(url: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback={null}>
          <CrawlerIframeRoute />
        </Suspense>
      </MemoryRouter>,
    );
  });
}

describe('crawler iframe link and page (spec 1 §2)', () => {
  // The page's branding (signed out: the host's template) has loaded.
  beforeEach(() => useBranding.setState({ loadedFor: null }));
  afterEach(() => useBranding.setState({ plSiteTemplateId: null, elements: [], loadedFor: undefined }));

  it('opens a new tab at the iframe page with isVideo and the encoded address', async () => {
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <CrawlerIframeLink address="https://shop.example/a?b=1" isVideo>
            Open
          </CrawlerIframeLink>
        </Suspense>,
      );
    });
    const link = screen.getByRole('link', { name: 'Open (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(
      '/webcrawler/iframe?isVideo=1&data=https%3A%2F%2Fshop.example%2Fa%3Fb%3D1',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the scan form filled from data and isVideo; Scan signs in towards the scanner', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderAt('/webcrawler/iframe?isVideo=1&data=https%3A%2F%2Fshop.example%2Fa%3Fb%3D1');
    expect(screen.getByRole('heading', { level: 1, name: 'Webcrawler' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Website URL').value).toBe('https://shop.example/a?b=1');
    expect(
      screen.getByLabelText<HTMLInputElement>('Video Analysis (Scan may take longer if enabled)').checked,
    ).toBe(true);
    expect(screen.getByTitle('Valid website address')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Scan' }));
    const target = new URL(String(open.mock.calls[0]![0]), 'http://app.test');
    expect(target.pathname).toBe('/auth/sign-in');
    expect(target.searchParams.get('redirectUrl')).toBe(
      '/webcrawler?url=https%3A%2F%2Fshop.example%2Fa%3Fb%3D1&isVideo=1',
    );
    expect(open.mock.calls[0]![1]).toBe('_top');
  });

  it('marks an address that is not a website and does not scan it, in the reader’s language', async () => {
    await loadExtraLocale('nl');
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    try {
      await renderAt('/webcrawler/iframe?isVideo=0&data=javascript%3Aalert(1)');
      expect(screen.getByRole('heading', { level: 2, name: 'Website toevoegen' })).toBeTruthy();
      expect(
        screen.getByLabelText<HTMLInputElement>('Videoanalyse (de scan kan langer duren als dit aan staat)')
          .checked,
      ).toBe(false);
      expect(screen.getAllByText('Voer een websiteadres in, zoals example.com').length).toBeGreaterThan(0);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Scannen' }).disabled).toBe(true);
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });

  it('is not there when the site template turns the Webcrawler off', async () => {
    useBranding.setState({
      plSiteTemplateId: 4,
      elements: [terminology('menuWebcrawler', false)],
    });
    await renderAt('/webcrawler/iframe?isVideo=1&data=https%3A%2F%2Fshop.example%2F');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByLabelText('Website URL')).toBeNull();
  });
});
