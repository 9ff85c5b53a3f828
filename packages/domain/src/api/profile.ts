import { z } from 'zod';
import { ActivityListingInputSchema, ActivityListingSchema } from '../schemas/activity.ts';
import {
  ChangePasswordInputSchema,
  ConfirmEmailChangeInputSchema,
  RequestEmailChangeInputSchema,
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
});

export const updateUserProfile = endpoint({
  method: 'POST',
  path: '/api/user/updateUserProfile',
  input: UpdateUserProfileInputSchema,
  output: UserDetailSchema,
  access: 'user',
  tag,
  summary: 'Change names, phone and preferred language',
});

export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/api/user/requestEmailChange',
  input: RequestEmailChangeInputSchema,
  output: UserDetailSchema,
  access: 'user',
  tag,
  summary: 'Send a 6-digit code to a new email address (the current password confirms the request)',
});

export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/api/user/confirmEmailChange',
  input: ConfirmEmailChangeInputSchema,
  output: UserDetailSchema,
  access: 'user',
  tag,
  summary: 'Confirm the new email with its code (5 tries, 15 minutes)',
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/user/changePassword',
  input: ChangePasswordInputSchema,
  output: SignedOutSchema,
  access: 'user',
  tag,
  summary: 'Change the password with the old one; every other sign-in ends',
});

export const signOutOtherDevices = endpoint({
  method: 'POST',
  path: '/api/user/signOutOtherDevices',
  input: z.object({}),
  output: SignedOutSchema,
  access: 'user',
  tag,
  summary: "End every sign-in of the caller's but this one",
});

export const userActivity = endpoint({
  method: 'POST',
  path: '/api/user/activity',
  input: ActivityListingInputSchema,
  output: ActivityListingSchema,
  access: 'user',
  tag,
  summary: "The activity log: one's own, or a company's for its owner (newest first)",
});
