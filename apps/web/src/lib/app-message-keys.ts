import { PRODUCT_EXPIRY_BEFORE_RECEIVED } from '@trustleaf/domain/schemas/webcrawler';
import { registerMessageKeys } from '@/lib/i18n-messages';

/**
 * Message texts of the signed-in app's screens and their locale keys (in `locales/app`), registered
 * when the app loads, so the sign-in page's first load does not carry them.
 */
registerMessageKeys({
  // Common field rules some schemas still declare by text (those of @trustleaf/domain/schemas/common
  // VALIDATION_MESSAGES refuse by key).
  'Character limit': 'validation.characterLimit',
  'Must be a valid email': 'validation.emailInvalid',
  // The product record (spec 3 §3); the text is @trustleaf/domain/schemas/webcrawler's.
  [PRODUCT_EXPIRY_BEFORE_RECEIVED]: 'company.products.errors.expiryBeforeReceived',
  // Card form (spec 2 §5); the texts match @trustleaf/domain/rules/card CARD_MESSAGES.
  'This field is required': 'billing.card.errors.required',
  'Maximum 100 characters': 'billing.card.errors.max100',
  'Postal Code is incorrect': 'billing.card.errors.zip',
  'Card number is incorrect': 'billing.card.errors.number',
  'Invalid expiration Date. Ex: MM/YY': 'billing.card.errors.expiryFormat',
  'Invalid expiration day': 'billing.card.errors.expiryPast',
  'Incorrect ex: 123 or 1234': 'billing.card.errors.cvv',
  // Billing admin console; the texts match @trustleaf/domain/rules/promo.
  'End date must be on or after the start date': 'billing.admin.messages.dateOrder',
  'Enter a whole number from 0 to 1000': 'billing.admin.messages.delayDuration',
  'Enter source ids as whole numbers separated by commas': 'billing.admin.messages.sourceIds',
  // Document vault (spec 2 §5, spec 3 §5, §8): refusals of uploads and COA items, which carry no key.
  'File Type Is Not Supported': 'documents.messages.fileTypeNotSupported',
  'Cannot upload a password protected document': 'documents.messages.passwordProtected',
  'Cannot upload your file': 'documents.messages.cannotUploadFile',
});
