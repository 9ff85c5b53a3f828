import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@trustleaf/domain/rules/themes';
import { hasMessages, loadMessages } from '@/lib/i18n';
import { registerMessageKeys } from '@/lib/i18n-messages';

/**
 * Strings of the sign-up pages and the shared inputs are the `extra` message part
 * (`locales/extra/*.json`, see lib/i18n.ts), loaded when a lazy page first needs them: the sign-in
 * page's first-load budget has no room for them.
 */
registerMessageKeys({
  'Company Name is required': 'signUp.companyNameRequired',
  'Type Of Company is required': 'signUp.typeRequired',
  'First name is required': 'signUp.firstNameRequired',
  'Last name is required': 'signUp.lastNameRequired',
  'Maximum 100 characters': 'signUp.max100',
  'Sign-up code must be 6 characters': 'signUp.saleNumberLength',
  Duplicate: 'signUp.duplicate',
  'This claim code is invalid or was already used': 'signUp.claimInvalid',
  'Phone number is invalid': 'inputs.phoneInvalid',
  'Please upload file csv only.': 'inputs.upload.csvOnly',
  'Please upload file pdf only.': 'inputs.upload.pdfOnly',
  'Please upload file image only.': 'inputs.upload.imageOnly',
  'File Type Is Not Supported': 'inputs.upload.unsupported',
  'Cannot upload a password protected document': 'inputs.upload.passwordProtected',
  'An account with this email already exists': 'signUp.server.emailTaken',
  'Please wait a minute before requesting another code': 'signUp.server.resendTooSoon',
  'Too many codes requested. Please try again in an hour.': 'signUp.server.tooManyCodes',
  'This code has expired or was already used. Please request a new code.': 'signUp.server.codeExpired',
  'Too many wrong codes. Please request a new code.': 'signUp.server.tooManyWrongCodes',
  'The code is incorrect': 'signUp.server.wrongCode',
  'Please verify your email before registering': 'signUp.server.notVerified',
  'This invitation is invalid or has expired': 'signUp.server.invalidInvite',
  'You already belong to a company': 'signUp.server.alreadyMember',
  'Invalid Promo Code.': 'signUp.server.promoInvalid',
  'This promo code has reached its maximum usage.': 'signUp.server.promoMaxUsage',
  'Too many promo code checks. Please wait a minute and try again.': 'signUp.server.promoTooManyChecks',
  'Too many registrations from this network. Please try again in an hour.':
    'signUp.server.tooManyRegistrations',
  'Too many registration attempts. Please wait a minute and try again.':
    'signUp.server.tooManyRegistrationAttempts',
});
const pending = new Map<string, Promise<void>>();

/** Loads the extra strings in English and `language`; one promise per language, for `use`. */
export function loadExtraLocale(language: string): Promise<void> {
  let promise = pending.get(language);
  if (!promise) {
    promise = loadMessages('extra', language as Language);
    pending.set(language, promise);
  }
  return promise;
}

/** Suspends until the extra strings of the current language are in. */
export function useExtraLocale(): void {
  const { i18n: instance } = useTranslation();
  // `use` may be called conditionally; a loaded language renders at once instead of suspending a tick.
  if (!hasMessages('extra', instance.language)) use(loadExtraLocale(instance.language));
}
