import { LANGUAGES, type Language } from '@trustleaf/domain/rules/themes';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import { useAppStore } from '@/stores/app-store';

/** English ships with the entry (default and fallback); the others load when chosen. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  fr: () => import('@/locales/fr.json'),
  de: () => import('@/locales/de.json'),
  nl: () => import('@/locales/nl.json'),
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export async function loadLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const bundle = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', bundle.default);
  }
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
});

/** Dates are shown in Eastern time whatever the viewer's zone (spec 3 §9). */
export function formatDateTime(value: Date | string | number, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'America/New_York',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(value));
}
