import { z } from 'zod';
import { keyedMessages } from '../validation-issues.ts';
import {
  anySpellingEnum,
  IdSchema,
  IntSchema,
  keyedText,
  QueryIdSchema,
  TextSchema,
  VALIDATION_MESSAGES,
} from './common.ts';

/** Public trust profile and verified seal (issue 21; spec 1 §1, spec 2 §2, spec 3 §7 companyQrCode). */

export const TRUST_LANGUAGES = ['en', 'fr', 'de', 'nl'] as const;
export type TrustLanguage = (typeof TRUST_LANGUAGES)[number];

/** Stable profile address: lower-case words and the company id (`green-valley-hemp-co-12`). */
export const TrustSlugSchema = TextSchema.trim()
  .min(1, 'Profile not found')
  .max(120, 'Profile not found')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Profile not found');

export const SEAL_BLOCKERS = [
  'NOT_PUBLISHED',
  'SEAL_HELD',
  'NO_REQUIRED_DOCUMENTS',
  'DOCUMENT_MISSING',
  'DOCUMENT_PENDING',
  'DOCUMENT_REJECTED',
  'DOCUMENT_EXPIRED',
  'SUBSCRIPTION_INACTIVE',
  'PLAN_WITHOUT_SEAL',
] as const;

export const SealSummarySchema = z.object({
  /** The compact JWS anyone can verify offline with the published keys. */
  seal: TextSchema,
  sealId: TextSchema,
  keyId: TextSchema,
  issuedAt: TextSchema,
  expiresAt: TextSchema,
});
export type SealSummary = z.infer<typeof SealSummarySchema>;

export const TrustProfileSchema = z.object({
  slug: TextSchema,
  profileUrl: TextSchema,
  company: z.object({
    plCompanyId: IdSchema,
    name: TextSchema,
    logoUrl: TextSchema.nullable(),
    businessType: TextSchema.nullable(),
    /** The day the company joined (yyyy-MM-dd). */
    memberSince: TextSchema,
    locations: z.array(
      z.object({ city: TextSchema.nullable(), state: TextSchema.nullable(), country: TextSchema.nullable() }),
    ),
  }),
  /** Each document the company's business type requires: verified means accepted and unexpired. */
  documents: z.array(
    z.object({
      name: TextSchema,
      /** A seeded type's key: the page names it in its language (reference/seeded-catalog). */
      seedKey: TextSchema.nullable().optional(),
      verified: z.boolean(),
      expires: TextSchema.nullable(),
    }),
  ),
  /** The latest website scan: when, and how many issues it found (0: none). */
  scan: z.object({ checkedAt: TextSchema, url: TextSchema, issuesFound: IntSchema.min(0) }).nullable(),
  seal: SealSummarySchema.nullable(),
});
export type TrustProfile = z.infer<typeof TrustProfileSchema>;

export const TrustProfileQuerySchema = z.object({ slug: TrustSlugSchema });

export const TrustSettingsQuerySchema = z.object({ plCompanyId: QueryIdSchema });

export const TrustSettingsSchema = z.object({
  plCompanyId: IdSchema,
  published: z.boolean(),
  /** Null until the profile is first published: the address is made then and never changes. */
  slug: TextSchema.nullable(),
  profileUrl: TextSchema.nullable(),
  badgeUrl: TextSchema.nullable(),
  sealUrl: TextSchema.nullable(),
  held: z.boolean(),
  holdReason: TextSchema.nullable(),
  eligible: z.boolean(),
  blockers: z.array(
    z.object({
      reason: z.enum(SEAL_BLOCKERS),
      documentType: TextSchema.optional(),
      /** A seeded document type's key (until a super admin renames it), for its name in the reader's language. */
      documentTypeSeedKey: TextSchema.nullish(),
    }),
  ),
  seal: SealSummarySchema.nullable(),
});
export type TrustSettings = z.infer<typeof TrustSettingsSchema>;

export const PublishTrustProfileInputSchema = z.object({ plCompanyId: IdSchema, published: z.boolean() });
export type PublishTrustProfileInput = z.infer<typeof PublishTrustProfileInputSchema>;

/** Super admin: withhold a company's seal (revoking the live one at once) or give it back. */
export const HoldSealInputSchema = z.object({
  plCompanyId: IdSchema,
  held: z.boolean(),
  reason: keyedText(500, { tooLong: VALIDATION_MESSAGES.characterLimit }, TextSchema.trim()).optional(),
});
export type HoldSealInput = z.infer<typeof HoldSealInputSchema>;

export const VerifySealInputSchema = z.object({ seal: TextSchema.trim().min(1).max(16_384) });

export const SEAL_FAILURES = [
  'malformed',
  'unknown-key',
  'bad-signature',
  'wrong-issuer',
  'not-yet-valid',
  'expired',
  'revoked',
] as const;

export const SealVerdictSchema = z.object({
  valid: z.boolean(),
  reason: z.enum(SEAL_FAILURES).optional(),
  keyId: TextSchema.optional(),
  sealId: TextSchema.optional(),
  company: z.object({ id: IntSchema, name: TextSchema, profileUrl: TextSchema }).optional(),
  expiresAt: TextSchema.optional(),
  checkedAt: TextSchema,
});
export type SealVerdictDetail = z.infer<typeof SealVerdictSchema>;

export const EMBED_LOGO_TYPES = ['NONE', 'COMPANY_LOGO'] as const;

/** Spec 3 §7: GET companyQrCode?plCompanyId&embedLogoType (a blob: an SVG image). */
export const CompanyQrCodeQuerySchema = z.object({
  plCompanyId: QueryIdSchema,
  embedLogoType: anySpellingEnum(EMBED_LOGO_TYPES).default('NONE'),
});

/** The QR code's refusals (409) with their locale keys (`trust.messages.*`). */
export const TRUST_REFUSALS = keyedMessages('trust.messages', {
  publishFirst: 'Publish the trust profile first: the QR code links to it.',
  noLogo: 'The company has no logo to put in the QR code.',
  logoNotImage: 'The company logo is not an image.',
});
