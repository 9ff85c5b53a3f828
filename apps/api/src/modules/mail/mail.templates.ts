import { formatMoney } from '@trustleaf/domain/rules/pricing';
import { LANGUAGES, type Language } from '@trustleaf/domain/rules/themes';
import { escapeHtml } from '../../lib/mailer.ts';

/**
 * Email bodies are templates: a subject and plain-text paragraphs per language. Every value a
 * template puts in is plain text; the HTML part is made from the same paragraphs by one function,
 * escapeHtml, so no value (a plan or company name, a gateway message) can inject markup.
 */
export interface MailContent {
  subject: string;
  paragraphs: string[];
}

/** Money and dates as the reader's language writes them; dates in Eastern time (spec 3 §9). */
export interface MailFormat {
  language: Language;
  money(dollars: number): string;
  date(value: Date | string): string;
  /** A calendar day (YYYY-MM-DD, such as a document's expiry) as written, in no time zone. */
  day(value: string): string;
}

export type MailTemplate<P> = Record<Language, (params: P, format: MailFormat) => MailContent>;

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', de: 'de-DE', nl: 'nl-NL' };

export function mailFormat(language: Language): MailFormat {
  const dates = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeZone: 'America/New_York',
  });
  const days = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' });
  return {
    language,
    money: (dollars) => formatMoney(dollars, LOCALES[language]),
    date: (value) => dates.format(new Date(value)),
    day: (value) => days.format(new Date(`${value}T00:00:00Z`)),
  };
}

/** A stored language, or English for anything else. */
export function mailLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

export function renderMail<P>(
  template: MailTemplate<P>,
  language: Language,
  params: P,
): { subject: string; text: string; html: string } {
  const { subject, paragraphs } = template[language](params, mailFormat(language));
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}
