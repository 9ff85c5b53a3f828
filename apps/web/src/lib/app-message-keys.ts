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
  // Team and account settings (issue 20); the texts match @trustleaf/domain/schemas/team MESSAGES and
  // @trustleaf/domain/schemas/profile PROFILE_MESSAGES.
  'The company owner cannot be removed': 'team.messages.ownerCannotBeRemoved',
  'Use "Leave company" to remove yourself': 'team.messages.removeSelf',
  "The company owner's role changes only by transferring ownership": 'team.messages.ownerRoleFixed',
  'You cannot change your own role': 'team.messages.ownRole',
  'This person is already a member of the company': 'team.messages.alreadyMember',
  'This person was removed from the company and cannot rejoin': 'team.messages.banned',
  'You were removed from this company and cannot rejoin': 'team.messages.bannedJoin',
  'The company owner cannot leave the company. Transfer ownership first.': 'team.messages.ownerCannotLeave',
  'This invitation is invalid or has expired': 'team.inviteInvalid',
  'Old password is required': 'profile.messages.oldPasswordRequired',
  'New password is required': 'profile.messages.newPasswordRequired',
  'Confirm password is required': 'profile.messages.confirmPasswordRequired',
  'Passwords do not match': 'profile.messages.passwordsDoNotMatch',
  'Old password is incorrect': 'profile.messages.oldPasswordIncorrect',
  'The new password must be different from the old one': 'profile.messages.samePassword',
  'This email is already used by another account': 'profile.messages.emailTaken',
  'This is already your email': 'profile.messages.sameEmail',
  'The code is invalid or has expired': 'profile.messages.codeInvalid',
  'Enter the 6-digit code': 'profile.messages.codeRequired',
  'Password incorrect': 'profile.messages.passwordIncorrect',
  'First name is required': 'profile.messages.firstNameRequired',
  'Last name is required': 'profile.messages.lastNameRequired',
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
