import { z } from 'zod';

export const CompanyIdInputSchema = z.object({ plCompanyId: z.number().int().positive() });
export type CompanyIdInput = z.infer<typeof CompanyIdInputSchema>;

export const RemoveMemberInputSchema = z.object({
  plCompanyId: z.number().int().positive(),
  plUserId: z.number().int().positive(),
});
export type RemoveMemberInput = z.infer<typeof RemoveMemberInputSchema>;

export const CompanyDetailSchema = z.object({
  plCompanyId: z.number().int(),
  companyName: z.string(),
  businessType: z.string().nullable(),
  corporateOfficeAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  kind: z.string(),
  status: z.string(),
  resourcePhoto: z.object({ url: z.string() }).nullable(),
  members: z.array(
    z.object({
      plUserId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      role: z.string(),
    }),
  ),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;
