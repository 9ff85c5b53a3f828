import { registerMessageKeys } from '@/lib/i18n-messages';

/**
 * Message texts of the signed-in app's screens and their locale keys (in `locales/app`), registered
 * when the app loads, so the sign-in page's first load does not carry them.
 */
registerMessageKeys({
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
});
