import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { TYPE_SEGMENT_MESSAGE } from '@trustleaf/domain/rules/company-fields';
import { ApiError } from './api-client';
import { errorText, errorTextLoaded } from './error-notice';
import { hasMessages, i18n } from './i18n';

/** A `t` that knows only some keys and, like i18next, answers an unknown key with the key itself. */
const tWith = (known: Record<string, string>) => ((key: string) => known[key] ?? key) as unknown as TFunction;

const refused = (key: string, message: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message, { issues: [{ field: 'email', message, key }] });

describe('errorText', () => {
  it("shows a refused input by its first issue's key, whatever the English text says", () => {
    const t = tWith({ 'team.messages.banned': 'Cette personne a été retirée', 'errors.generic': 'Erreur' });
    expect(errorText(t, refused('team.messages.banned', 'Some other English wording'))).toBe(
      'Cette personne a été retirée',
    );
  });

  it('falls back to the message when the app has no such key, and to the generic text for a non-API failure', () => {
    const t = tWith({ 'errors.generic': 'Erreur' });
    expect(errorText(t, refused('validation.unknown_key', 'Plain server text'))).toBe('Plain server text');
    expect(errorText(t, new Error('boom'))).toBe('Erreur');
  });
});

describe('errorTextLoaded', () => {
  it("loads the app's messages when the page has not, so a sign-up refusal reads in the reader's language", async () => {
    // A page in French without the app's messages in French (the set-up loaded them in English, the
    // fallback, only).
    await i18n.changeLanguage('fr');
    try {
      expect(hasMessages('app', 'fr')).toBe(false);
      const refusal = refused('company.errors.typeSegment', TYPE_SEGMENT_MESSAGE);
      expect(errorText(i18n.t, refusal)).toBe(TYPE_SEGMENT_MESSAGE);
      expect(await errorTextLoaded(i18n.t, refusal)).toBe(
        'Ce type d’entreprise n’appartient pas au secteur choisi',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
