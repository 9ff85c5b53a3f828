import type { Language } from '@trustleaf/domain/rules/themes';

/**
 * Trustleaf's own end-user licence agreement and privacy policy (spec 2 §9, spec 3 §2), one module per
 * language with the same structure (legal-text.test.ts holds them to it). Each language is its own
 * chunk, imported when the dialog opens: the sign-up pages never carry the text, nor four of it.
 *
 * `{{company}}` / `{{COMPANY}}` are replaced by the operating company's name in the case written (the
 * spec's "phrase replacement, in lower and upper case"), so white-label sites show their own name.
 */
export type LegalVariant = 'general' | 'california';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  agreement: LegalSection[];
  privacy: LegalSection[];
  /** Inserted before the privacy policy's last section in the California variant. */
  californiaNotice: LegalSection;
}

const SUPPORT = {
  general: { email: 'support@trustleaf.example', phone: '+1 (609) 555-0142' },
  california: { email: 'privacy-ca@trustleaf.example', phone: '+1 (609) 555-0142' },
} as const;

const loaders: Record<Language, () => Promise<{ LEGAL_DOCUMENT: LegalDocument }>> = {
  en: () => import('@/features/accounts/legal/en'),
  fr: () => import('@/features/accounts/legal/fr'),
  de: () => import('@/features/accounts/legal/de'),
  nl: () => import('@/features/accounts/legal/nl'),
};

const pending = new Map<Language, Promise<LegalDocument | null>>();

function isLanguage(value: string): value is Language {
  return value in loaders;
}

/**
 * One promise per language, so React's `use` can suspend on it; an unknown language reads English.
 * Null when the chunk could not be loaded: the dialog offers a retry (retryLegalDocument).
 */
export function loadLegalDocument(language: string): Promise<LegalDocument | null> {
  const key = isLanguage(language) ? language : 'en';
  let promise = pending.get(key);
  if (!promise) {
    promise = loaders[key]().then(
      (module) => module.LEGAL_DOCUMENT,
      () => null,
    );
    pending.set(key, promise);
  }
  return promise;
}

/** Drops a failed load, so the next loadLegalDocument tries again. */
export function retryLegalDocument(language: string): void {
  pending.delete(isLanguage(language) ? language : 'en');
}

/** The document's sections for a variant, with the company name and the support contact substituted. */
export function legalSections(
  document: LegalDocument,
  companyName: string,
  variant: LegalVariant = 'general',
): LegalSection[] {
  const support = SUPPORT[variant];
  const substitute = (text: string) =>
    text
      .replaceAll('{{company}}', companyName)
      .replaceAll('{{COMPANY}}', companyName.toUpperCase())
      .replaceAll('{{email}}', support.email)
      .replaceAll('{{phone}}', support.phone);
  const privacy =
    variant === 'california'
      ? [...document.privacy.slice(0, -1), document.californiaNotice, ...document.privacy.slice(-1)]
      : document.privacy;
  return [...document.agreement, ...privacy].map((section) => ({
    heading: substitute(section.heading),
    paragraphs: section.paragraphs.map(substitute),
  }));
}

export const LEGAL_VARIANT: LegalVariant =
  import.meta.env.VITE_LEGAL_VARIANT === 'california' ? 'california' : 'general';
