import { z } from 'zod';
import { ActivityListingInputSchema, ActivityListingSchema } from '../schemas/activity.ts';
import {
  AcceptEulaInputSchema,
  ChangePasswordInputSchema,
  ConfirmEmailChangeInputSchema,
  RequestEmailChangeInputSchema,
  EulaAcceptanceSchema,
  SignedOutSchema,
  UpdateUserProfileInputSchema,
  UserDetailInputSchema,
  UserDetailSchema,
} from '../schemas/profile.ts';
import { endpoint } from './endpoint.ts';

/**
 * The account setting and activity tabs (spec 3 §2, §7 "Auth, user and account wrappers"): a user
 * reads and edits their own profile; a super admin may read anyone's.
 */
const tag = 'user';

export const getUserDetail = endpoint({
  method: 'POST',
  path: '/api/user/getUserDetail',
  input: UserDetailInputSchema,
  output: UserDetailSchema,
  access: 'user',
  tag,
  summary: "A user's profile (one's own; a super admin any)",
  description:
    "The caller's own profile (names, email, phone, preferred language, an email change waiting for its code). Another user's profile is 404, except to a super admin.",
});

export const updateUserProfile = endpoint({
  method: 'POST',
  path: '/api/user/updateUserProfile',
  input: UpdateUserProfileInputSchema,
  output: UserDetailSchema,
  access: 'user',
  tag,
  summary: 'Change names, phone and preferred language',
  description:
    'The caller changes their first and last name (at most 255 characters), phone and preferred language (en, fr, de, nl: the language of the app and of their emails).',
});

export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/api/user/requestEmailChange',
  input: RequestEmailChangeInputSchema,
  output: UserDetailSchema,
  access: 'user',
  tag,
  summary: 'Send a 6-digit code to a new email address (the current password confirms the request)',
  description:
    'With the current password (5 checks per account in 15 minutes), sends a 6-digit code valid 15 minutes to the new address; the account keeps its email until the code is confirmed. At most 5 codes an hour. 409 when another account uses the address.',
  errors: ['CONFLICT', 'RATE_LIMITED'],
});

export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/api/user/confirmEmailChange',
  input: ConfirmEmailChangeInputSchema,
  output: UserDetailSchema,
  access: 'user',
  tag,
  summary: 'Confirm the new email with its code (5 tries, 15 minutes)',
  description:
    'Confirms the new address with its code: 5 tries per code, then 429 even for the right one. The previous address is told of the change.',
  errors: ['CONFLICT', 'RATE_LIMITED'],
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/user/changePassword',
  input: ChangePasswordInputSchema,
  output: SignedOutSchema,
  access: 'user',
  tag,
  summary: 'Change the password with the old one; every other sign-in ends',
  description:
    'With the old password (5 checks per account in 15 minutes), sets a strong new one (12 to 50 characters with upper and lower case, digits and symbols) that the confirmation repeats. Every other sign-in of the user ends; this one stays.',
  errors: ['CONFLICT', 'RATE_LIMITED'],
});

export const signOutOtherDevices = endpoint({
  method: 'POST',
  path: '/api/user/signOutOtherDevices',
  input: z.object({}),
  output: SignedOutSchema,
  access: 'user',
  tag,
  summary: "End every sign-in of the caller's but this one",
  description:
    'Ends every sign-in of the caller but the current one, their live sockets included; answers how many ended.',
});

export const userActivity = endpoint({
  method: 'POST',
  path: '/api/user/activity',
  input: ActivityListingInputSchema,
  output: ActivityListingSchema,
  access: 'user',
  tag,
  summary: "The activity log: one's own, or a company's for its owner (newest first)",
  description:
    'The activity log, newest first, filtered by period (ALL_TIME, LAST_WEEK, LAST_MONTH, LAST_3_MONTHS) and paged (at most 10000 a page, for the CSV export). `mine`: what the caller did or was done to them (within plCompanyId when given); `company`: the whole log of plCompanyId, for its owner or a super admin.',
});

export const acceptEula = endpoint({
  method: 'POST',
  path: '/api/user/acceptEula',
  input: AcceptEulaInputSchema,
  output: EulaAcceptanceSchema,
  access: 'user',
  tag,
  summary: "Record that a user accepted the licence agreement (one's own; a super admin any)",
  description:
    "Records the caller's acceptance of the licence agreement now, as sign-up does (`acceptedEula`), and answers when it was recorded. Another user's id is 403, except to a super admin (404 when no such user).",
});
