import { render, screen } from '@testing-library/react';
import type { AppliedElement } from '@trustleaf/domain/rules/site-template';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TemplateScreenRoute } from '@/app/routes/not-found';
import { useBranding } from '@/lib/site-template';
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
  afterEach(() => useBranding.setState({ plSiteTemplateId: null, elements: [] }));

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
