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
});
