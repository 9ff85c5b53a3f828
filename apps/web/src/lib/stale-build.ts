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

/** The element scripts/prerender.mjs writes in a written-out page: the message below in each language. */
export const LOAD_FAILED_TEMPLATE = 'page-load-failed';

/**
 * A written-out page whose app could not be loaded even after loading the page anew (a second failure
 * within the minute, or offline) would show its disabled form for good: it says so instead, in the
 * viewer's language (the language cookie the app keeps, else the browser's), with a button that loads
 * the page again. The texts come from the locale files through the page, as no module could be loaded.
 */
export function showLoadFailure(
  reload: () => void = () => window.location.reload(),
  languageCookie = 'trustleaf_lang',
): boolean {
  const template = document.getElementById(LOAD_FAILED_TEMPLATE);
  const root = document.getElementById('root');
  if (
    !(template instanceof HTMLTemplateElement) ||
    !root ||
    document.getElementById(`${LOAD_FAILED_TEMPLATE}-shown`)
  )
    return false;
  const messages = [...template.content.children].filter((child) => child instanceof HTMLElement);
  const cookie = new RegExp(`(?:^|; )${languageCookie}=([a-z]{2})`).exec(document.cookie)?.[1];
  const wanted = [cookie, ...navigator.languages.map((language) => language.slice(0, 2))];
  const message =
    wanted.map((language) => messages.find((m) => m.lang === language)).find(Boolean) ??
    messages.find((m) => m.lang === 'en');
  if (!message) return false;
  const shown = message.cloneNode(true) as HTMLElement;
  shown.id = `${LOAD_FAILED_TEMPLATE}-shown`;
  shown.querySelector('button')?.addEventListener('click', () => {
    sessionStorage.removeItem(STALE_BUILD_RELOADED_AT);
    reload();
  });
  root.prepend(shown);
  return true;
}
