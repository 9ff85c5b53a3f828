/** Any origin: only a path that stays on it passes. `.invalid` never resolves (RFC 2606). */
const PROBE_ORIGIN = 'https://origin.invalid';

/**
 * Spec 3 §2: after sign-in the user goes to the redirectUrl query value when it is non-empty (and
 * local), else to `/`, where the plan's landing route (landing.ts) takes over. Kept apart from the
 * plan rule so the sign-in page's first load does not share a chunk with the app.
 *
 * Local means a same-origin path as the browser would read it: `//host`, `/\host` and tabs or new
 * lines inside (which URL parsing drops) would all leave the site, so they fall back to `/`.
 */
export function afterSignInTarget(redirectUrl: string | null | undefined): string {
  if (!redirectUrl?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(redirectUrl, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
