import { z } from 'zod';
import { IdSchema, IntSchema, TextSchema } from './common.ts';

export const CompanyIdInputSchema = z.object({ plCompanyId: IdSchema });
export type CompanyIdInput = z.infer<typeof CompanyIdInputSchema>;

export const RemoveMemberInputSchema = z.object({
  plCompanyId: IdSchema,
  plUserId: IdSchema,
});
export type RemoveMemberInput = z.infer<typeof RemoveMemberInputSchema>;

export const CompanyDetailSchema = z.object({
  plCompanyId: IntSchema,
  companyName: TextSchema,
  businessType: TextSchema.nullable(),
  corporateOfficeAddress: TextSchema.nullable(),
  city: TextSchema.nullable(),
  state: TextSchema.nullable(),
  zip: TextSchema.nullable(),
  country: TextSchema.nullable(),
  phone: TextSchema.nullable(),
  email: TextSchema.nullable(),
  website: TextSchema.nullable(),
  kind: TextSchema,
  status: TextSchema,
  resourcePhoto: z.object({ url: TextSchema }).nullable(),
  members: z.array(
    z.object({
      plUserId: IntSchema,
      firstName: TextSchema,
      lastName: TextSchema,
      email: TextSchema,
      role: TextSchema,
    }),
  ),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;
