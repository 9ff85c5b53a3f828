import { registerMessageKeys } from '@/lib/i18n-messages';

/**
 * Message texts of the signed-in app's screens and their locale keys (in `locales/app`), registered
 * when the app loads, so the sign-in page's first load does not carry them.
 */
registerMessageKeys({
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
});
