import { STRONG_PASSWORD_MESSAGE } from '@trustleaf/domain/rules/password';

/**
 * The shared zod schemas and the server speak English; the UI shows their messages in the user's
 * language by mapping the known texts to locale keys. An unknown text is shown as it came.
 */
const KEY_BY_MESSAGE: Record<string, string> = {
  'Must be a valid email': 'validation.emailInvalid',
  'Email address is required': 'validation.emailRequired',
  'Password is required': 'validation.passwordRequired',
  'Character limit': 'validation.characterLimit',
  [STRONG_PASSWORD_MESSAGE]: 'validation.strongPassword',
  'Email or password incorrect': 'errors.invalidCredentials',
  'Too many sign-in attempts. Please wait 15 minutes and try again.': 'errors.rateLimited',
  'This reset link is invalid or has expired': 'errors.resetLinkInvalid',
  'Something went wrong': 'errors.generic',
};

/** Lazy pages add the message keys of their own locale bundle (see lib/locale-bundle.ts). */
export function registerMessageKeys(keys: Record<string, string>): void {
  Object.assign(KEY_BY_MESSAGE, keys);
}

export function messageKey(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return KEY_BY_MESSAGE[message];
}

export function translateMessage(t: (key: string) => string, message: string | undefined): string {
  if (!message) return t('errors.unknown');
  // Server validation messages name the field first ("email: Must be a valid email").
  const bare = message.replace(/^[\w.]+: /, '');
  // Form-only schemas carry locale keys as their messages.
  if (message.startsWith('validation.')) return t(message);
  const key = KEY_BY_MESSAGE[message] ?? KEY_BY_MESSAGE[bare];
  return key ? t(key) : message;
}
