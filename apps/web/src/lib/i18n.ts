import { dateTimeFormat } from '@trustleaf/domain/rules/intl-formats';
import { LANGUAGES, type Language } from '@trustleaf/domain/rules/themes';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import { SITE_TEMPLATE_CHANGED, siteTemplatePostProcessor } from '@/lib/site-template-text';
import { useAppStore } from '@/stores/app-store';

/** English ships with the entry (default and fallback); the others load when chosen. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  fr: () => import('@/locales/fr.json'),
  de: () => import('@/locales/de.json'),
  nl: () => import('@/locales/nl.json'),
};

type Messages = { default: Record<string, unknown> };

/**
 * Messages of the screens behind the entry, in the same key space, loaded with those screens: the
 * sign-in page's first load carries only the shell's strings (its 200 KB budget, issue 2).
 */
const partLoaders = {
  app: {
    en: () => import('@/locales/app/en.json'),
    fr: () => import('@/locales/app/fr.json'),
    de: () => import('@/locales/app/de.json'),
    nl: () => import('@/locales/app/nl.json'),
  },
  /** Sign-up pages and the shared inputs, which public pages use too. */
  extra: {
    en: () => import('@/locales/extra/en.json'),
    fr: () => import('@/locales/extra/fr.json'),
    de: () => import('@/locales/extra/de.json'),
    nl: () => import('@/locales/extra/nl.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<Messages>>>;
export type MessagePart = keyof typeof partLoaders;

const wantedParts = new Set<MessagePart>();
const loadedParts = new Set<string>();

async function addPart(part: MessagePart, language: Language): Promise<void> {
  const id = `${part}:${language}`;
  if (loadedParts.has(id)) return;
  const bundle = await partLoaders[part][language]();
  i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
  loadedParts.add(id);
}

/** Whether a part's messages are in for a language (components may render at once). */
export function hasMessages(part: MessagePart, language: string): boolean {
  return loadedParts.has(`${part}:${language}`) && loadedParts.has(`${part}:en`);
}

/** Loads a part's messages in English (the fallback) and the given (by default the current) language. */
export async function loadMessages(part: MessagePart, language = i18n.language as Language): Promise<void> {
  wantedParts.add(part);
  await Promise.all([addPart(part, 'en'), language === 'en' ? undefined : addPart(part, language)]);
}

export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(siteTemplatePostProcessor)
  .init({
    // A copy: later bundles are deep-merged into the resources, which must not write into the module.
    resources: { en: { translation: structuredClone(en) } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // Every text goes through the published site template (lib/site-template-text.ts).
    postProcess: ['siteTemplate'],
    react: { bindI18n: `languageChanged ${SITE_TEMPLATE_CHANGED}` },
  });

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export async function loadLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const bundle = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
  }
  await Promise.all([...wantedParts].map((part) => addPart(part, language)));
  await i18n.changeLanguage(language);
}

/** Resolves once the stored language is ready, so the first paint is already in it. */
export const i18nReady: Promise<void> = loadLanguage(useAppStore.getState().language).catch(
  (error: unknown) => {
    console.error('Could not load the language bundle', error);
  },
);

useAppStore.subscribe((state, previous) => {
  if (state.language !== previous.language) void loadLanguage(state.language);
  // The API learns the language at each sign-in and each change, for the emails it writes (issue 19).
  // Loaded on demand: the sign-in page's first load has a size budget.
  const isSignIn = state.session !== null && previous.session === null;
  if (state.session && (isSignIn || state.language !== previous.language)) {
    void import('@/lib/language-sync')
      .then(({ saveLanguage }) => saveLanguage(state.language))
      .catch(() => undefined);
  }
});

/** Dates are shown in Eastern time whatever the viewer's zone (spec 3 §9). */
export function formatDateTime(value: Date | string | number, language: string): string {
  return dateTimeFormat(language, {
    timeZone: 'America/New_York',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(value));
}

/** The one date format of tables: the day in Eastern time (spec 3 §9), as the language writes it. */
export function formatDate(value: Date | string | number, language: string): string {
  return dateTimeFormat(language, { timeZone: 'America/New_York', dateStyle: 'medium' }).format(
    new Date(value),
  );
}

/** A calendar day (yyyy-MM-dd, already Eastern) in the tables' date format; other text as it is. */
export function formatDay(day: string, language: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return formatDate(`${day}T12:00:00Z`, language);
  const instant = new Date(day);
  return Number.isNaN(instant.getTime()) ? day : formatDate(instant, language);
}
