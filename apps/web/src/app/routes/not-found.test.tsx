import { act, render, screen } from '@testing-library/react';
import { getBranding } from '@trustleaf/domain/api/site-template';
import type { AppliedElement } from '@trustleaf/domain/rules/site-template';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TemplateScreenRoute } from '@/app/routes/not-found';
import { loadBranding, useBranding } from '@/lib/site-template';
import { handle, server } from '@/testing/msw';
import '@/lib/i18n';

const menu = (elementName: string, enabled: boolean): AppliedElement => ({
  elementName,
  elementType: 'TERMINOLOGY',
  enabled,
  text: null,
  imageUrl: null,
});

function visit(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route
            path="/webcrawler"
            element={
              <TemplateScreenRoute screen="webcrawler">
                <h1>Webcrawler screen</h1>
              </TemplateScreenRoute>
            }
          />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

describe('a screen the site template turns off', () => {
  // The branding of the page (signed out: no company) has loaded.
  beforeEach(() => useBranding.setState({ loadedFor: null }));
  afterEach(() => useBranding.setState({ plSiteTemplateId: null, elements: [], loadedFor: undefined }));

  it('shows the screen by default and when its menu element is on', () => {
    visit('/webcrawler');
    expect(screen.getByRole('heading', { name: 'Webcrawler screen' })).toBeTruthy();
    document.body.innerHTML = '';
    useBranding.setState({ plSiteTemplateId: 3, elements: [menu('menuWebcrawler', true)] });
    visit('/webcrawler');
    expect(screen.getByRole('heading', { name: 'Webcrawler screen' })).toBeTruthy();
  });

  it('shows the not-found page at its address instead', async () => {
    useBranding.setState({
      plSiteTemplateId: 3,
      elements: [menu('menuWebcrawler', false), menu('menuDirectory', true)],
    });
    visit('/webcrawler?view=12');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webcrawler screen' })).toBeNull();
  });
});

describe('a screen the site template may turn off, before the branding has loaded', () => {
  afterEach(() => useBranding.setState({ plSiteTemplateId: null, elements: [], loadedFor: undefined }));

  it('shows a short loading state, never the screen, then the not-found page the template asks for', async () => {
    let answer: (value: { plSiteTemplateId: number; elements: AppliedElement[] }) => void = () => {};
    const answered = new Promise<{ plSiteTemplateId: number; elements: AppliedElement[] }>(
      (resolve) => (answer = resolve),
    );
    server.use(handle(getBranding, () => answered));
    const loaded = loadBranding(null);
    visit('/webcrawler');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webcrawler screen' })).toBeNull();
    await act(async () => {
      answer({ plSiteTemplateId: 3, elements: [menu('menuWebcrawler', false)] });
      await loaded;
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webcrawler screen' })).toBeNull();
  });

  it('waits while no branding has loaded yet', () => {
    visit('/webcrawler');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webcrawler screen' })).toBeNull();
  });

  it('shows the screen once the branding loaded without turning it off, even when the load failed', async () => {
    server.use(handle(getBranding, () => new Response(null, { status: 500 })));
    const errors = console.error;
    console.error = () => {};
    try {
      await act(() => loadBranding(null));
    } finally {
      console.error = errors;
    }
    visit('/webcrawler');
    expect(screen.getByRole('heading', { name: 'Webcrawler screen' })).toBeTruthy();
  });
});
