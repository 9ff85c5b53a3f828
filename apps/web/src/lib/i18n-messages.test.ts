import { describe, expect, it } from 'vitest';
import { refusalText, registerMessageKeys, translateMessage } from './i18n-messages';

/** A `t` that knows only some keys and, like i18next, answers an unknown key with the key itself. */
const tWith =
  (known: Record<string, string>) =>
  (key: string): string =>
    known[key] ?? key;

describe('translateMessage', () => {
  it('uses the first key of a text whose message part is loaded', () => {
    registerMessageKeys({ 'Some shared server text.': 'partA.sharedText' });
    registerMessageKeys({ 'Some shared server text.': 'partB.sharedText' });
    expect(
      translateMessage(tWith({ 'partB.sharedText': 'Texte partagé.' }), 'Some shared server text.'),
    ).toBe('Texte partagé.');
    expect(
      translateMessage(
        tWith({ 'partA.sharedText': 'Gemeinsamer Text.', 'partB.sharedText': 'x' }),
        'Some shared server text.',
      ),
    ).toBe('Gemeinsamer Text.');
  });

  it('shows the text as it came, never a key, when no part with it is loaded', () => {
    registerMessageKeys({ 'Another server text.': 'partC.another' });
    expect(translateMessage(tWith({}), 'Another server text.')).toBe('Another server text.');
    expect(translateMessage(tWith({}), 'A text nobody registered.')).toBe('A text nobody registered.');
  });

  it('maps registered texts and field-prefixed validation messages', () => {
    registerMessageKeys({ 'Must be a valid email': 'validation.emailInvalid' });
    expect(
      translateMessage(
        tWith({ 'validation.emailInvalid': 'E-mail non valide' }),
        'email: Must be a valid email',
      ),
    ).toBe('E-mail non valide');
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
