import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import {
  isFailedImport,
  reloadOnStaleBuild,
  showLoadFailure,
  STALE_BUILD_RELOADED_AT,
} from '@/lib/stale-build';

const failedFile = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('a file of the build that failed to load', () => {
  it('loads the page again, once a minute at most', () => {
    const reload = vi.fn();
    let now = 1_000_000;
    const stop = reloadOnStaleBuild(reload, () => now);
    failedFile();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 30_000;
    failedFile();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 31_000;
    failedFile();
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
    now += 120_000;
    failedFile();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    const stop = reloadOnStaleBuild(reload);
    failedFile();
    expect(reload).not.toHaveBeenCalled();
    stop();
  });
});

describe('isFailedImport', () => {
  it("tells a module that could not be loaded from the app's own errors", () => {
    expect(isFailedImport(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isFailedImport(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isFailedImport(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isFailedImport(new Error('module'))).toBe(false);
    expect(isFailedImport(null)).toBe(false);
  });
});

describe('a written-out page whose app could not be loaded after loading it anew', () => {
  function writtenOutPage() {
    document.body.innerHTML =
      '<div id="root" data-prerendered="/auth/sign-in"><input disabled data-disabled-until-taken-over></div>' +
      '<template id="page-load-failed">' +
      ['en', 'fr', 'de', 'nl']
        .map(
          (language) =>
            `<div lang="${language}" role="alert"><p>message ${language}</p><button>retry ${language}</button></div>`,
        )
        .join('') +
      '</template>';
  }

  afterEach(() => {
    document.body.innerHTML = '';
    document.cookie = 'trustleaf_lang=; Max-Age=0; Path=/';
  });

  it('says so in the viewer’s language, with a button that loads the page again', () => {
    writtenOutPage();
    document.cookie = 'trustleaf_lang=fr; Path=/';
    sessionStorage.setItem(STALE_BUILD_RELOADED_AT, String(Date.now()));
    const reload = vi.fn();
    expect(showLoadFailure(reload)).toBe(true);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('message fr');
    expect(document.getElementById('root')!.firstElementChild).toBe(alert);
    fireEvent.click(screen.getByRole('button', { name: 'retry fr' }));
    expect(reload).toHaveBeenCalledTimes(1);
    // The next failure may load the page anew again at once.
    expect(sessionStorage.getItem(STALE_BUILD_RELOADED_AT)).toBeNull();
    // Once only.
    expect(showLoadFailure(reload)).toBe(false);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("falls back to the browser's language, then English", () => {
    writtenOutPage();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'en']);
    showLoadFailure(vi.fn());
    expect(screen.getByRole('alert').textContent).toContain('message de');
    writtenOutPage();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja']);
    showLoadFailure(vi.fn());
    expect(screen.getByRole('alert').textContent).toContain('message en');
  });

  it('does nothing on a page that was not written out', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(showLoadFailure(vi.fn())).toBe(false);
  });
});
