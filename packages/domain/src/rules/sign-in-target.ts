/**
 * Spec 3 §2: after sign-in the user goes to the redirectUrl query value when it is non-empty (and
 * local), else to `/`, where the plan's landing route (landing.ts) takes over. Kept apart from the
 * plan rule so the sign-in page's first load does not share a chunk with the app.
 */
export function afterSignInTarget(redirectUrl: string | null | undefined): string {
  if (redirectUrl && redirectUrl.startsWith('/') && !redirectUrl.startsWith('//')) return redirectUrl;
  return '/';
}
