import { act, render, screen } from '@testing-library/react';
import { getBranding } from '@trustleaf/domain/api/site-template';
import type { AppliedElement } from '@trustleaf/domain/rules/site-template';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TemplateScreenRoute } from '@/app/routes/not-found';
import { loadBranding, useBranding } from '@/lib/site-template';
import { EMPTY_ACCOUNT, useAppStore } from '@/stores/app-store';
import { handle, server } from '@/testing/msw';
import { terminology } from '@/testing/site-template-fixtures';
import { SIGNED_IN_PROFILE } from '@/testing/test-utils';
import '@/lib/i18n';

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

const resetBranding = () =>
  useBranding.setState({ plSiteTemplateId: null, elements: [], loadedFor: undefined });

describe('a screen the site template turns off', () => {
  // The branding of the page (signed out: no company) has loaded.
  beforeEach(() => useBranding.setState({ loadedFor: null }));
  afterEach(resetBranding);

  it('shows the screen by default and when its menu element is on', () => {
    visit('/webcrawler');
    expect(screen.getByRole('heading', { name: 'Webcrawler screen' })).toBeTruthy();
    document.body.innerHTML = '';
    useBranding.setState({ plSiteTemplateId: 3, elements: [terminology('menuWebcrawler', true)] });
    visit('/webcrawler');
    expect(screen.getByRole('heading', { name: 'Webcrawler screen' })).toBeTruthy();
  });

  it('shows the not-found page at its address instead', async () => {
    useBranding.setState({
      plSiteTemplateId: 3,
      elements: [terminology('menuWebcrawler', false), terminology('menuDirectory', true)],
    });
    visit('/webcrawler?view=12');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webcrawler screen' })).toBeNull();
  });
});

describe('a screen the site template may turn off, while the branding loads', () => {
  type Branding = { plSiteTemplateId: number | null; elements: AppliedElement[] };
  /** Branding answers held until the test releases them, by the company asked for (0: none). */
  let answers: Map<number, (branding: Branding) => void>;
  const answer = async (companyId: number, branding: Branding, load: Promise<void>) => {
    await act(async () => {
      answers.get(companyId)!(branding);
      await load;
    });
  };
  const off: Branding = { plSiteTemplateId: 3, elements: [terminology('menuWebcrawler', false)] };
  const defaults: Branding = { plSiteTemplateId: null, elements: [] };
  const companyId = SIGNED_IN_PROFILE.currentCompany!.plCompanyId;

  beforeEach(() => {
    answers = new Map();
    server.use(
      handle(
        getBranding,
        ({ input }) => new Promise<Branding>((resolve) => answers.set(input.plCompanyId ?? 0, resolve)),
      ),
    );
    // Signed in: the pages show the company's branding.
    useAppStore.setState({
      session: { accessToken: 'token', expiresIn: 3600, receivedAt: Date.now() },
      account: { ...EMPTY_ACCOUNT, currentCompany: SIGNED_IN_PROFILE.currentCompany },
    });
  });
  afterEach(() => {
    resetBranding();
    useAppStore.setState({ session: null, account: EMPTY_ACCOUNT });
  });

  it('shows a short loading state, never the screen, until the signed-in company’s branding has loaded', async () => {
    visit('/webcrawler');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const loaded = loadBranding(companyId);
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Webcrawler screen' })).toBeNull();
    await answer(companyId, off, loaded);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webcrawler screen' })).toBeNull();
  });

  it('is decided by the latest load when an earlier one (before sign-in) answers after it', async () => {
    // The signed-out page's load is still on its way when the company's starts and answers.
    const before = loadBranding(null);
    const latest = loadBranding(companyId);
    await act(async () => {});
    visit('/webcrawler');
    await answer(companyId, off, latest);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    // The stale answer neither applies its branding nor says the company's has not loaded.
    await answer(0, defaults, before);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    expect(useBranding.getState()).toMatchObject({ plSiteTemplateId: 3, loadedFor: companyId });
  });

  it('shows the screen once the company’s load has ended, even when it failed', async () => {
    server.use(handle(getBranding, () => new Response(null, { status: 500 })));
    const errors = console.error;
    console.error = () => {};
    try {
      await act(() => loadBranding(companyId));
    } finally {
      console.error = errors;
    }
    visit('/webcrawler');
    expect(screen.getByRole('heading', { name: 'Webcrawler screen' })).toBeTruthy();
  });
});
