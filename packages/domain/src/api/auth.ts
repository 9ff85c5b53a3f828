import { z } from 'zod';
import {
  LoginInputSchema,
  MyProfileSchema,
  RefreshInputSchema,
  RequestResetPasswordInputSchema,
  ResetPasswordInputSchema,
  SessionSchema,
} from '../schemas/auth.ts';
import { IntSchema, NoInputSchema, TextSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

/** Sign-in and sessions (spec 1 §2, spec 3 §4, §7 auth wrappers). */
const OkSchema = z.object({ ok: z.literal(true) });

export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  input: LoginInputSchema,
  output: SessionSchema,
  access: 'public',
  tag: 'auth',
  summary: 'Sign in with email and password',
  description:
    'Answers an access token (15 minutes), its lifetime and a refresh token, which is also set as an httpOnly cookie for /api/auth. A wrong email or password is UNAUTHENTICATED with one message for both. Failures are limited per account and address (5, then a growing delay), per address (30 in 15 minutes) and per account (25): RATE_LIMITED.',
  errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
});

export const refreshAccessToken = endpoint({
  method: 'POST',
  path: '/api/auth/refreshAccessToken',
  input: RefreshInputSchema,
  output: SessionSchema,
  access: 'public',
  tag: 'auth',
  summary: 'Exchange a refresh token for a new session',
  description:
    'Takes the refresh token from the body or the httpOnly cookie and answers a new pair; the old refresh token stays usable for 10 seconds so that concurrent tabs agree. An expired or revoked token is UNAUTHENTICATED with details.reason (expired, revoked), which the sign-in page explains.',
  errors: ['UNAUTHENTICATED'],
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  input: NoInputSchema,
  output: OkSchema,
  access: 'user',
  tag: 'auth',
  summary: 'Sign out this device',
  description:
    'Revokes the sign-in of this device (its refresh tokens and live channel) and clears the cookie.',
});

export const session = endpoint({
  method: 'GET',
  path: '/api/auth/session',
  input: z.object({ updateAccessToken: z.enum(['true', 'false']).optional() }),
  output: z.object({
    email: TextSchema,
    accessToken: TextSchema.optional(),
    expiresIn: IntSchema.optional(),
  }),
  access: 'user',
  tag: 'auth',
  summary: 'The signed-in email, optionally with a fresh access token',
  description:
    'Confirms the session is alive and names its email; with updateAccessToken=true it also answers a new access token for the same sign-in.',
});

export const requestResetPassword = endpoint({
  method: 'POST',
  path: '/api/user/requestResetPassword',
  input: RequestResetPasswordInputSchema,
  output: OkSchema,
  access: 'public',
  tag: 'user',
  summary: 'Email a password reset link',
  description:
    'Sends a single-use reset link to the address if an account has it, and answers the same whether or not one does, so the call reveals no accounts. At most three mails an hour go to one account; further requests send nothing.',
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/user/resetPassword',
  input: ResetPasswordInputSchema,
  output: OkSchema,
  access: 'public',
  tag: 'user',
  summary: 'Set a new password with a reset link’s token',
  description:
    'Sets the password (spec 1 strength rules) when the token is valid and unused, and signs every device out. A used, expired or unknown token is VALIDATION_FAILED.',
});

/** The profile the app reads after sign-in and on every start (spec 3 §3 currentUser, currentCompany). */
export const getMyProfile = endpoint({
  method: 'POST',
  path: '/api/user/getMyProfile',
  input: NoInputSchema,
  output: MyProfileSchema,
  access: 'user',
  tag: 'user',
  summary: 'The signed-in user with their current company',
  description:
    'The user (names, email, roles, the company they act for) and that company (name, business type, state, status, whether they own it). The app reads it after sign-in and on every start; a revoked sign-in is UNAUTHENTICATED.',
});
