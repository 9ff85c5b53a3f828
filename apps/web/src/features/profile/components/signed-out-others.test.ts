import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import appDe from '@/locales/app/de.json';
import appEn from '@/locales/app/en.json';
import appFr from '@/locales/app/fr.json';
import appNl from '@/locales/app/nl.json';

const locales = { en: appEn, fr: appFr, de: appDe, nl: appNl };

async function translator(language: keyof typeof locales) {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: locales[language] } } });
  return (count: number) => i18n.t('profile.signedOutOthers', { count });
}

describe('the notice after signing out of the other sign-ins', () => {
  it.each([
    ['en', 'Signed out of 1 other sign-in', 'Signed out of 3 other sign-ins'],
    ['fr', 'Déconnecté de 1 autre session', 'Déconnecté de 3 autres sessions'],
    ['de', 'Von 1 anderen Anmeldung abgemeldet', 'Von 3 anderen Anmeldungen abgemeldet'],
    ['nl', 'Afgemeld bij 1 andere aanmelding', 'Afgemeld bij 3 andere aanmeldingen'],
  ] as const)(
    '%s says one sign-in in the singular and several in the plural',
    async (language, one, several) => {
      const t = await translator(language);
      expect(t(1)).toBe(one);
      expect(t(3)).toBe(several);
      expect(t(3)).not.toMatch(/\(\w+\)/);
    },
  );
});
