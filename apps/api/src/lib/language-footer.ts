import { LANGUAGE_NAMES } from '@trustleaf/domain/reference/trust-profile-text';
import { TRUST_LANGUAGES, type TrustLanguage } from '@trustleaf/domain/schemas/trust';
import { escapeHtml } from './mailer.ts';

/**
 * The footer's rule in the pages' style sheets: the current language is a span and the others are
 * links, so the space between them is the gap, the same after each.
 */
export const LANGUAGE_FOOTER_STYLE = 'footer nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}';

/**
 * The footer of the server-rendered public pages (trust profile, directory): the page in each
 * language, the one shown marked current. `label` is the navigation's name, already escaped.
 */
export function languageFooter(
  label: string,
  current: TrustLanguage,
  hrefOf: (language: TrustLanguage) => string,
): string {
  const links = TRUST_LANGUAGES.map((l) =>
    l === current
      ? `<span aria-current="true" lang="${l}">${LANGUAGE_NAMES[l]}</span>`
      : `<a href="${escapeHtml(hrefOf(l))}" lang="${l}" hreflang="${l}">${LANGUAGE_NAMES[l]}</a>`,
  ).join(' ');
  return `<footer><nav aria-label="${label}">${links}</nav></footer>`;
}
