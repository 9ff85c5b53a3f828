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
  // Card form (spec 2 §5); the texts match @trustleaf/domain/rules/card CARD_MESSAGES.
  'This field is required': 'billing.card.errors.required',
  'Maximum 100 characters': 'billing.card.errors.max100',
  'Postal Code is incorrect': 'billing.card.errors.zip',
  'Card number is incorrect': 'billing.card.errors.number',
  'Invalid expiration Date. Ex: MM/YY': 'billing.card.errors.expiryFormat',
  'Invalid expiration day': 'billing.card.errors.expiryPast',
  'Incorrect ex: 123 or 1234': 'billing.card.errors.cvv',
  // Document vault (spec 2 §5, spec 3 §5, §8).
  'Maximum 150 characters': 'documents.messages.max150',
  'Must be greater than 0': 'documents.messages.greaterThanZero',
  'Select at least one business type': 'documents.messages.businessTypeRequired',
  'Review Status is required': 'documents.messages.reviewStatusRequired',
  'Reject Reason is required': 'documents.messages.rejectReasonRequired',
  'Country of License is required': 'documents.messages.countryRequired',
  'State of License is required': 'documents.messages.stateRequired',
  'Address of License is required': 'documents.messages.addressRequired',
  'License Number is required': 'documents.messages.licenseNumberRequired',
  'Please enter a valid license number': 'documents.messages.licenseNumberInvalid',
  'Validation Method is required': 'documents.messages.validationMethodRequired',
  'Expiration Date cannot be earlier than today': 'documents.messages.expirationPast',
  'Expiration Date is required': 'documents.messages.expirationRequired',
  'File Type Is Not Supported': 'documents.messages.fileTypeNotSupported',
  'Cannot upload a password protected document': 'documents.messages.passwordProtected',
  'Cannot upload your file': 'documents.messages.cannotUploadFile',
  'Cannot upload your document': 'documents.messages.cannotUploadDocument',
  'Document not found': 'documents.messages.documentNotFound',
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
