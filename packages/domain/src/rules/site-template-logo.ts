/**
 * The logo element's built-in image (spec 3 §9 default images) as documents the server draws take
 * it: the report PDF draws it as vector. The web app serves the same drawing at the element's
 * `defaultImage` address (apps/web/public/site-template/logo.svg); a test keeps the two equal.
 */
export const DEFAULT_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="8" fill="#17694A"/><path d="M9 22c0-8 5.5-13 14-13 0 8.5-5 14-13 14" fill="#BFF0D4"/><path d="M9.5 22.5c3-4 6-6.5 9.5-8.5" stroke="#17694A" stroke-width="1.6" fill="none" stroke-linecap="round"/></svg>';
