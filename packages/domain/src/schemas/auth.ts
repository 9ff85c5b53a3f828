import { z } from 'zod';
import { isStrongPassword, PASSWORD_MAX, STRONG_PASSWORD_MESSAGE } from '../rules/password.ts';
import { EmailSchema } from './common.ts';

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(255, 'Character limit'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const StrongPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .max(PASSWORD_MAX, STRONG_PASSWORD_MESSAGE)
  .refine(isStrongPassword, STRONG_PASSWORD_MESSAGE);

export const SessionSchema = z.object({
  accessToken: z.string(),
  /** Seconds the access token lives; the client's session timer counts against it (spec 3 §4). */
  expiresIn: z.number().int(),
  /** Also set as an httpOnly cookie; returned for API clients that keep no cookies. */
  refreshToken: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

// The body is optional: browsers send the refresh token as the httpOnly cookie.
export const RefreshInputSchema = z.object({ refreshToken: z.string().min(1).optional() }).nullish();
export type RefreshInput = z.infer<typeof RefreshInputSchema>;

export const RequestResetPasswordInputSchema = z.object({ email: EmailSchema });
export type RequestResetPasswordInput = z.infer<typeof RequestResetPasswordInputSchema>;

export const ResetPasswordInputSchema = z.object({
  token: z.string().min(1),
  password: StrongPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const CompanyRefSchema = z.object({
  plCompanyId: z.number().int(),
  companyName: z.string(),
  businessType: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  kind: z.enum(['NORMAL', 'PROSPECT', 'FDA', 'REGISTERED']),
  status: z.enum(['DEFAULT', 'CANCELED', 'SUSPENDED', 'TERMINATED', 'ACTIVE']),
  isOwner: z.boolean(),
  resourcePhoto: z.object({ url: z.string() }).nullable(),
});
export type CompanyRef = z.infer<typeof CompanyRefSchema>;

export const UserSchema = z.object({
  plUserId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roles: z.array(z.object({ name: z.string() })),
  memberOfCompany: z.object({ plCompanyId: z.number().int(), roles: z.array(z.string()) }).nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** Spec 3 §3 "Account state" as the server returns it. */
export const MyProfileSchema = z.object({
  currentUser: UserSchema,
  currentCompany: CompanyRefSchema.nullable(),
});
export type MyProfile = z.infer<typeof MyProfileSchema>;
