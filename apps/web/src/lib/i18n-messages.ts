import { COMPANY_SIGN_IN_REFUSED } from '@trustleaf/domain/rules/company-status';
import { STRONG_PASSWORD_MESSAGE } from '@trustleaf/domain/rules/password';
import type { MessageParams } from '@trustleaf/domain/validation-issues';

/**
 * The shared zod schemas and the server speak English; the UI shows their messages in the user's
 * language by mapping the known texts to locale keys. An unknown text is shown as it came.
 */
const BUILT_IN: Record<string, string> = {
  'Must be a valid email': 'validation.emailInvalid',
  'Email address is required': 'validation.emailRequired',
  'Password is required': 'validation.passwordRequired',
  'Character limit': 'validation.characterLimit',
  [STRONG_PASSWORD_MESSAGE]: 'validation.strongPassword',
  'Email or password incorrect': 'errors.invalidCredentials',
  'Too many sign-in attempts. Please wait 15 minutes and try again.': 'errors.rateLimited',
  'This reset link is invalid or has expired': 'errors.resetLinkInvalid',
  'Something went wrong': 'errors.generic',
  [COMPANY_SIGN_IN_REFUSED.SUSPENDED!]: 'errors.companySuspended',
  [COMPANY_SIGN_IN_REFUSED.TERMINATED!]: 'errors.companyTerminated',
  'This account has been disabled. Please contact support.': 'errors.accountDisabled',
};

/**
 * A text may have a key in more than one message part (the sign-up pages and the app both show
 * "Invalid Promo Code."); every registered key is kept, and the first one loaded is used.
 */
const KEYS_BY_MESSAGE = new Map<string, string[]>();

/** Lazy pages add the message keys of their own locale bundle (see lib/locale-bundle.ts). */
export function registerMessageKeys(keys: Record<string, string>): void {
  for (const [message, key] of Object.entries(keys)) {
    const known = KEYS_BY_MESSAGE.get(message);
    if (!known) KEYS_BY_MESSAGE.set(message, [key]);
    else if (!known.includes(key)) known.push(key);
  }
}
registerMessageKeys(BUILT_IN);

/** A locale key such as `documents.messages.stateRequired`: dotted words, no spaces. */
const MESSAGE_KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

export function translateMessage(
  t: (key: string) => string,
  message: string | undefined,
  params?: MessageParams,
): string {
  if (!message) return t('errors.unknown');
  // Server validation messages name the field first ("email: Must be a valid email").
  const bare = message.replace(/^[\w.]+: /, '');
  // Form schemas and server issues (by their key) carry locale keys as their messages.
  if (MESSAGE_KEY.test(message)) {
    // i18next's `t` takes the values a key's text names as its second argument.
    const text = params ? (t as (key: string, values: MessageParams) => string)(message, params) : t(message);
    if (text !== message) return text;
  }
  for (const key of KEYS_BY_MESSAGE.get(message) ?? KEYS_BY_MESSAGE.get(bare) ?? []) {
    // i18next answers a key it does not have (its part not loaded here) with the key itself.
    const text = t(key);
    if (text !== key) return text;
  }
  return message;
}
