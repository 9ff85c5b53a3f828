import { z } from 'zod';
import { isStrongPassword, PASSWORD_MAX } from '../rules/password.ts';
import { EmailSchema, IntSchema, keyedText, refuseWith, TextSchema, VALIDATION_MESSAGES } from './common.ts';
import { CompanySummarySchema } from './company.ts';

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: keyedText(255, {
    required: VALIDATION_MESSAGES.passwordRequired,
    tooLong: VALIDATION_MESSAGES.characterLimit,
  }),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Required and strong (spec 3 §5), refused by keys; the JSON Schema keeps the bounds. */
export const StrongPasswordSchema = TextSchema.superRefine((value, ctx) => {
  if (value.length === 0) refuseWith(ctx, VALIDATION_MESSAGES.passwordRequired);
  else if (!isStrongPassword(value)) refuseWith(ctx, VALIDATION_MESSAGES.strongPassword);
}).meta({ minLength: 1, maxLength: PASSWORD_MAX });

export const SessionSchema = z.object({
  accessToken: TextSchema,
  /** Seconds the access token lives; the client's session timer counts against it (spec 3 §4). */
  expiresIn: IntSchema,
  /** Also set as an httpOnly cookie; returned for API clients that keep no cookies. */
  refreshToken: TextSchema,
});
export type Session = z.infer<typeof SessionSchema>;

// The body is optional: browsers send the refresh token as the httpOnly cookie.
export const RefreshInputSchema = z.object({ refreshToken: TextSchema.min(1).optional() }).nullish();
export type RefreshInput = z.infer<typeof RefreshInputSchema>;

export const RequestResetPasswordInputSchema = z.object({ email: EmailSchema });
export type RequestResetPasswordInput = z.infer<typeof RequestResetPasswordInputSchema>;

export const ResetPasswordInputSchema = z.object({
  token: TextSchema.min(1),
  password: StrongPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const CompanyRefSchema = CompanySummarySchema.extend({
  isOwner: z.boolean(),
  resourcePhoto: z.object({ url: TextSchema }).nullable(),
});
export type CompanyRef = z.infer<typeof CompanyRefSchema>;

export const UserSchema = z.object({
  plUserId: IntSchema,
  firstName: TextSchema,
  lastName: TextSchema,
  email: TextSchema,
  roles: z.array(z.object({ name: TextSchema })),
  memberOfCompany: z.object({ plCompanyId: IntSchema, roles: z.array(TextSchema) }).nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** Spec 3 §3 "Account state" as the server returns it. */
export const MyProfileSchema = z.object({
  currentUser: UserSchema,
  currentCompany: CompanyRefSchema.nullable(),
});
export type MyProfile = z.infer<typeof MyProfileSchema>;
