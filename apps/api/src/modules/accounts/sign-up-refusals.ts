import { DUPLICATE_COMPANY_MESSAGE } from '@trustleaf/domain/rules/sign-up';
import { keyedMessages } from '@trustleaf/domain/validation-issues';

export const MESSAGES = {
  emailTaken: 'An account with this email already exists',
  resendTooSoon: 'Please wait a minute before requesting another code',
  tooManyCodes: 'Too many codes requested. Please try again in an hour.',
  codeExpired: 'This code has expired or was already used. Please request a new code.',
  tooManyWrongCodes: 'Too many wrong codes. Please request a new code.',
  wrongCode: 'The code is incorrect',
  notVerified: 'Please verify your email before registering',
  invalidClaim: 'This claim code is invalid or was already used',
  claimNeedsCode: "Enter the claim code sent to this company's contact to claim it",
  prospectUnavailable: 'This company profile cannot be claimed',
  invalidInvite: 'This invitation is invalid or has expired',
  alreadyMember: 'You already belong to a company',
  tooManyRegistrations: 'Too many registrations from this network. Please try again in an hour.',
} as const;

/** The sign-up refusals with the locale keys of the sign-up pages (`signUp.server.*`). */
export const REFUSALS = {
  ...keyedMessages('signUp.server', MESSAGES),
  invalidClaim: { key: 'signUp.claimInvalid', message: MESSAGES.invalidClaim },
  duplicateCompany: { key: 'signUp.duplicate', message: DUPLICATE_COMPANY_MESSAGE },
};
