import { describe, expect, it } from 'vitest';
import { refusalText, translateMessage } from './i18n-messages';

/** A `t` that knows only some keys and, like i18next, answers an unknown key with the key itself. */
const tWith =
  (known: Record<string, string>) =>
  (key: string): string =>
    known[key] ?? key;

describe('translateMessage', () => {
  it('shows a locale key in the loaded language, with its values', () => {
    expect(
      translateMessage(tWith({ 'validation.emailInvalid': 'E-mail non valide' }), 'validation.emailInvalid'),
    ).toBe('E-mail non valide');
    const t = (key: string, values?: Record<string, unknown>) =>
      key === 'validation.maxCharacters' ? `${String(values?.max)} caractères au maximum` : key;
    expect(translateMessage(t, 'validation.maxCharacters', { max: 100 })).toBe('100 caractères au maximum');
  });

  it('shows a text as it came, never a key and never looked up by its words', () => {
    expect(translateMessage(tWith({}), 'documents.messages.notLoadedHere')).toBe(
      'documents.messages.notLoadedHere',
    );
    expect(
      translateMessage(tWith({ 'validation.emailInvalid': 'E-mail non valide' }), 'Must be a valid email'),
    ).toBe('Must be a valid email');
    expect(translateMessage(tWith({ 'errors.unknown': 'Erreur inconnue' }), undefined)).toBe(
      'Erreur inconnue',
    );
  });
});

describe('refusalText', () => {
  const refused = (key: string) => ({
    code: 'UNAUTHENTICATED',
    message: 'Email or password incorrect',
    details: { issues: [{ field: '', message: 'Email or password incorrect', key }] },
  });

  it('shows a refusal by the key it carries, not by its English text', () => {
    const t = tWith({ 'errors.invalidCredentials': 'E-mail ou mot de passe incorrect' });
    expect(refusalText(t, refused('errors.invalidCredentials'))).toBe('E-mail ou mot de passe incorrect');
  });

  it('shows the message as it came when this app lacks the key', () => {
    expect(refusalText(tWith({}), refused('errors.unheardOf'))).toBe('Email or password incorrect');
  });

  it('shows an unexpected failure by the generic text', () => {
    const t = tWith({ 'errors.generic': 'Une erreur est survenue' });
    expect(refusalText(t, { code: 'INTERNAL', message: 'Something went wrong' })).toBe(
      'Une erreur est survenue',
    );
  });
});

describe('refusalText with the shell’s strings', () => {
  const rateLimited = (minutes: number) => ({
    code: 'RATE_LIMITED',
    message: `Too many sign-in attempts. Please wait ${minutes} minutes and try again.`,
    details: {
      issues: [
        {
          field: '',
          message: 'Too many sign-in attempts.',
          key: 'errors.rateLimited',
          params: { count: minutes },
        },
      ],
    },
  });

  it('says how many minutes a refused sign-in waits, in the reader’s plural', async () => {
    const { createInstance } = await import('i18next');
    const resources = Object.fromEntries(
      await Promise.all(
        (['en', 'de'] as const).map(async (lng) => [
          lng,
          { translation: (await import(`../locales/${lng}.json`)).default as Record<string, unknown> },
        ]),
      ),
    );
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources, interpolation: { escapeValue: false } });
    expect(refusalText(i18n.t, rateLimited(1))).toBe(
      'Too many sign-in attempts. Please wait 1 minute and try again.',
    );
    expect(refusalText(i18n.t, rateLimited(4))).toBe(
      'Too many sign-in attempts. Please wait 4 minutes and try again.',
    );
    await i18n.changeLanguage('de');
    expect(refusalText(i18n.t, rateLimited(1))).toBe(
      'Zu viele Anmeldeversuche. Bitte warten Sie 1 Minute und versuchen Sie es erneut.',
    );
  });
});
