/**
 * A deploy replaces the build's hashed files, so a tab opened before it asks for files that are gone
 * the first time it opens a page whose code it has not loaded yet; Vite's loader reports that as
 * `vite:preloadError` (and the page would stay on the error screen, since a lazy page that failed
 * once fails again). The page is then loaded again from the server, which sends the new build, at
 * the same address. Once a minute at most, and not while offline: a second failure so soon is the
 * network, not a deploy, and is left to the error screen.
 */
/** Chromium, Firefox and Safari reject a dynamic import that could not be loaded with a TypeError naming it. */
export const isFailedImport = (error: unknown): boolean =>
  error instanceof TypeError && /module/i.test(error.message);

export const STALE_BUILD_RELOADED_AT = 'trustleaf.staleBuildReloadedAt';
const AT_MOST_EVERY_MS = 60_000;

/**
 * Loads the page anew for a file of the build that failed to load, once a minute at most and not
 * while offline; tells whether it did.
 */
export function reloadForNewBuild(
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): boolean {
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(STALE_BUILD_RELOADED_AT) ?? 0);
  if (now() - last < AT_MOST_EVERY_MS) return false;
  sessionStorage.setItem(STALE_BUILD_RELOADED_AT, String(now()));
  reload();
  return true;
}

/** Listens for a file of the build that failed to load; returns the function that stops listening. */
export function reloadOnStaleBuild(
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): () => void {
  const onError = () => void reloadForNewBuild(reload, now);
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
