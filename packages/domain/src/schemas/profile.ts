import { z } from 'zod';
import { isStrongPassword, PASSWORD_MAX } from '../rules/password.ts';
import { PHONE_INVALID_MESSAGE } from '../rules/phone.ts';
import { LANGUAGES } from '../rules/themes.ts';
import type { KeyedMessage } from '../validation-issues.ts';
import { keyedPhoneSchema } from './accounts.ts';
import { NAME_CONTROL_CHARACTERS_MESSAGE } from '../rules/names.ts';
import { nameText } from './names.ts';
import {
  EMAIL_MAX,
  EmailSchema,
  IdSchema,
  IntSchema,
  keyedText,
  refuseWith,
  TextSchema,
  VALIDATION_MESSAGES,
} from './common.ts';

/** The account setting tab (spec 3 §2): names, phone, preferred language, email, password, devices. */
export const EMAIL_CHANGE_CODE_LENGTH = 6;
/** Attempts at one emailed code, as for the sign-up code (README "Limits"). */
export const EMAIL_CHANGE_MAX_ATTEMPTS = 5;
export const EMAIL_CHANGE_TTL_MINUTES = 15;

export const PROFILE_MESSAGES = {
  updated: 'Information updated successfully',
  passwordChanged: 'Password changed successfully',
  oldPasswordRequired: 'Old password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Confirm password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  oldPasswordIncorrect: 'Old password is incorrect',
  samePassword: 'The new password must be different from the old one',
  emailCodeSent: 'We sent a 6-digit code to {{email}}. Enter it to confirm your new email.',
  emailChanged: 'Your email was changed',
  emailTaken: 'This email is already used by another account',
  sameEmail: 'This is already your email',
  codeInvalid: 'The code is invalid or has expired',
  codeRequired: 'Enter the 6-digit code',
  tooManyAttempts: 'Too many attempts. Please request a new code.',
  passwordIncorrect: 'Password incorrect',
  tooManyPasswordAttempts: 'Too many password attempts. Please wait 15 minutes and try again.',
  signedOutOthers: 'Signed out of every other device',
  tooManyCodes: 'Too many codes requested. Please try again in an hour.',
  passwordChangedMeanwhile: 'Your password was changed meanwhile. Please try again.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameControlCharacters: NAME_CONTROL_CHARACTERS_MESSAGE,
  phoneInvalid: PHONE_INVALID_MESSAGE,
  eulaForOtherUser: 'You can accept the licence agreement only for yourself',
} as const;

/** A profile message with its key (the web's `profile.messages.<name>`). */
const profileMessage = (name: keyof typeof PROFILE_MESSAGES): KeyedMessage => ({
  key: `profile.messages.${name}`,
  message: PROFILE_MESSAGES[name],
});

/** The server's refusals of one field of the account forms, with the key a client shows them by. */
export const PROFILE_FIELD_REFUSALS = {
  sameEmail: profileMessage('sameEmail'),
  passwordIncorrect: profileMessage('passwordIncorrect'),
  oldPasswordIncorrect: profileMessage('oldPasswordIncorrect'),
  codeInvalid: profileMessage('codeInvalid'),
  /** 409: the address belongs to another account. */
  emailTaken: profileMessage('emailTaken'),
} as const satisfies Record<string, KeyedMessage>;

/** The server's refusals of an account request as a whole (rate limits, a race), with their keys. */
export const PROFILE_REFUSALS = {
  tooManyAttempts: profileMessage('tooManyAttempts'),
  tooManyPasswordAttempts: profileMessage('tooManyPasswordAttempts'),
  tooManyCodes: profileMessage('tooManyCodes'),
  passwordChangedMeanwhile: profileMessage('passwordChangedMeanwhile'),
  /** 403: acceptEula names another user (only a super admin records it for someone else). */
  eulaForOtherUser: profileMessage('eulaForOtherUser'),
} as const satisfies Record<string, KeyedMessage>;

const NameSchema = (required: KeyedMessage) =>
  nameText(255, {
    required,
    tooLong: VALIDATION_MESSAGES.characterLimit,
    controlCharacters: profileMessage('nameControlCharacters'),
  });

export const PreferredLanguageSchema = z.enum(LANGUAGES);

export const UserDetailInputSchema = z.object({ userId: IdSchema });

/** Spec 3 §7 acceptEula {userId}: the user whose acceptance of the licence agreement is recorded. */
export const AcceptEulaInputSchema = z.object({ userId: IdSchema });
export type AcceptEulaInput = z.infer<typeof AcceptEulaInputSchema>;

/** A user's acceptance of the licence agreement, as sign-up records it (spec 1 §3 acceptedEula). */
export const EulaAcceptanceSchema = z.object({
  plUserId: IntSchema,
  acceptedEula: z.boolean(),
  acceptedEulaAt: z.iso.datetime().nullable(),
});
export type EulaAcceptance = z.infer<typeof EulaAcceptanceSchema>;

export const UserDetailSchema = z.object({
  plUserId: IntSchema,
  firstName: TextSchema,
  lastName: TextSchema,
  email: TextSchema,
  phone: TextSchema,
  preferredLanguage: PreferredLanguageSchema,
  /** The address waiting for its code, if an email change was asked for. */
  pendingEmail: TextSchema.nullable(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

export const UpdateUserProfileInputSchema = z.object({
  firstName: NameSchema(profileMessage('firstNameRequired')),
  lastName: NameSchema(profileMessage('lastNameRequired')),
  phone: keyedPhoneSchema(profileMessage('phoneInvalid')).default(''),
  // Spec 3 §7 shows no body for updateUserProfile; a client that sends only the names and phone keeps
  // the language the user chose.
  preferredLanguage: PreferredLanguageSchema.optional(),
});
export type UpdateUserProfileInput = z.input<typeof UpdateUserProfileInputSchema>;

const CurrentPasswordSchema = (required: KeyedMessage) =>
  keyedText(255, { required, tooLong: VALIDATION_MESSAGES.characterLimit });

/** The new address gets a code; the current password guards the change. */
export const RequestEmailChangeInputSchema = z.object({
  newEmail: keyedText(
    EMAIL_MAX,
    { required: VALIDATION_MESSAGES.emailRequired, tooLong: VALIDATION_MESSAGES.characterLimit },
    TextSchema.trim(),
  ).pipe(EmailSchema),
  password: CurrentPasswordSchema(VALIDATION_MESSAGES.passwordRequired),
});
export type RequestEmailChangeInput = z.input<typeof RequestEmailChangeInputSchema>;

const CODE = new RegExp(`^\\d{${EMAIL_CHANGE_CODE_LENGTH}}$`);
export const ConfirmEmailChangeInputSchema = z.object({
  code: TextSchema.trim()
    .superRefine((value, ctx) => {
      if (!CODE.test(value)) refuseWith(ctx, profileMessage('codeRequired'));
    })
    .meta({ pattern: CODE.source }),
});
export type ConfirmEmailChangeInput = z.infer<typeof ConfirmEmailChangeInputSchema>;

/** Spec 3 §5: old, new and confirm are each required; the new one is strong. */
export const ChangePasswordInputSchema = z
  .object({
    oldPassword: CurrentPasswordSchema(profileMessage('oldPasswordRequired')),
    newPassword: TextSchema.superRefine((value, ctx) => {
      if (value.length === 0) refuseWith(ctx, profileMessage('newPasswordRequired'));
      else if (!isStrongPassword(value)) refuseWith(ctx, VALIDATION_MESSAGES.strongPassword);
    }).meta({ minLength: 1, maxLength: PASSWORD_MAX }),
    confirmPassword: CurrentPasswordSchema(profileMessage('confirmPasswordRequired')),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      refuseWith(ctx, profileMessage('passwordsDoNotMatch'), ['confirmPassword']);
    }
    if (value.newPassword === value.oldPassword) {
      refuseWith(ctx, profileMessage('samePassword'), ['newPassword']);
    }
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const SignedOutSchema = z.object({ signedOut: IntSchema });
