import { fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { AppLayout } from './app-layout';

function Page({ name }: { name: string }) {
  const [, setSearchParams] = useSearchParams();
  return (
    <>
      <h1>{name}</h1>
      <Link to="/team">Team</Link>
      <button type="button" onClick={() => setSearchParams({ view: '7' })}>
        View
      </button>
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the signed-in pages’ scroll position (AppLayout)', () => {
  it('opens a page the person goes to at its top, and keeps the page where it is when only its query changes', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderApp(
      <AppLayout>
        <Routes>
          <Route path="/webcrawler" element={<Page name="Webcrawler" />} />
          <Route path="/team" element={<Page name="Team" />} />
        </Routes>
      </AppLayout>,
      { route: '/webcrawler' },
    );
    // Opened at its address (a load, POP): where the browser put it.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Webcrawler');
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Team' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Team');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
