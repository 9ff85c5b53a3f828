/**
 * A deploy replaces the build's hashed files, so a tab opened before it asks for files that are gone
 * the first time it opens a page whose code it has not loaded yet; Vite's loader reports that as
 * `vite:preloadError` (and the page would stay on the error screen, since a lazy page that failed
 * once fails again). The page is then loaded again from the server, which sends the new build, at
 * the same address. Once a minute at most, and not while offline: a second failure so soon is the
 * network, not a deploy, and is left to the error screen.
 */
export const STALE_BUILD_RELOADED_AT = 'trustleaf.staleBuildReloadedAt';
const AT_MOST_EVERY_MS = 60_000;

/** Listens for a file of the build that failed to load; returns the function that stops listening. */
export function reloadOnStaleBuild(
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): () => void {
  const onError = () => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(STALE_BUILD_RELOADED_AT) ?? 0);
    if (now() - last < AT_MOST_EVERY_MS) return;
    sessionStorage.setItem(STALE_BUILD_RELOADED_AT, String(now()));
    reload();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
