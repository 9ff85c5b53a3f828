import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFailedImport, reloadOnStaleBuild } from '@/lib/stale-build';

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
