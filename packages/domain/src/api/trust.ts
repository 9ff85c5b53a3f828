import { z } from 'zod';
import { TextSchema } from '../schemas/common.ts';
import {
  CompanyQrCodeQuerySchema,
  HoldSealInputSchema,
  PublishTrustProfileInputSchema,
  SealVerdictSchema,
  TrustProfileQuerySchema,
  TrustProfileSchema,
  TrustSettingsQuerySchema,
  TrustSettingsSchema,
  VerifySealInputSchema,
} from '../schemas/trust.ts';
import { endpoint } from './endpoint.ts';

/**
 * The public trust profile and verified seal (issue 21). The profile page itself, the badge, the seal
 * file and the well-known key set and revocation list are plain public GETs outside `/api` (see the
 * trust module); these are the JSON calls.
 */
const tag = 'trust';

/** Any member reads the settings; the blockers say why there is no seal. */
export const trustProfileSettings = endpoint({
  method: 'GET',
  path: '/api/trust/profileSettings',
  input: TrustSettingsQuerySchema,
  output: TrustSettingsSchema,
  access: 'user',
  tag,
  summary: 'The company’s public profile: published or not, its address, the seal and what blocks it',
  description:
    'Any active member of the company (or a super admin) reads whether its public trust profile is published, its address, badge and seal file, the live seal and the reasons it has none (documents, subscription, plan, publication, a hold). Reading re-checks the company, so a seal that stopped holding is revoked first. Another company’s id answers 404.',
});

/** Owners and admins of the company (or a super admin) publish or withdraw its profile. */
export const publishTrustProfile = endpoint({
  method: 'POST',
  path: '/api/trust/publishProfile',
  input: PublishTrustProfileInputSchema,
  output: TrustSettingsSchema,
  access: 'user',
  tag,
  summary: 'Publish or withdraw the public trust profile (withdrawing revokes the seal)',
  description:
    'Owners and admins of the company (or a super admin) publish its trust profile at a stable address made at first publication (`/trust/<slug>`), or withdraw it, which revokes its live seal at once. Plain members get 403; another company’s id 404.',
});

/** Super admins only: withhold a seal whatever the documents say, revoking the live one at once. */
export const holdSeal = endpoint({
  method: 'POST',
  path: '/api/trust/holdSeal',
  input: HoldSealInputSchema,
  output: TrustSettingsSchema,
  access: 'user',
  tag,
  summary: 'Withhold or restore a company’s verified seal (super admin)',
  description:
    'Super admins only (403 otherwise): withholds the company’s verified seal whatever its documents say, revoking the live seal at once (`withheld` in the revocation list), or lifts the hold.',
});

export const trustProfile = endpoint({
  method: 'GET',
  path: '/api/trust/profile',
  input: TrustProfileQuerySchema,
  output: TrustProfileSchema,
  access: 'public',
  tag,
  summary: 'A published trust profile (no sign-in)',
  description:
    'Anyone, without signing in: the published profile (name, logo, business type, locations, member since, each required document accepted and current or not, the latest scan’s issue count) and its live seal. The seal is re-checked on every call and is absent as soon as a condition stops holding. Unknown or withdrawn profiles answer 404.',
});

/** The server's verdict on a seal, by the same rule the offline verifier uses. */
export const verifySeal = endpoint({
  method: 'POST',
  path: '/api/trust/verifySeal',
  input: VerifySealInputSchema,
  output: SealVerdictSchema,
  access: 'public',
  tag,
  summary: 'Verify a seal: signature, key id, validity window and revocation',
  description:
    'Anyone, without signing in: the verdict on a compact seal by the rule `trustleaf-scan verify` uses (form, key id among the published keys, Ed25519 signature, this server as issuer, validity window, revocation list). A seal this server issued has its company re-checked first.',
});

/** Spec 3 §7: GET /api/company/companyQrCode?plCompanyId&embedLogoType (blob). */
export const companyQrCode = endpoint({
  method: 'GET',
  path: '/api/company/companyQrCode',
  input: CompanyQrCodeQuerySchema,
  output: z.never(),
  file: { contentType: 'image/svg+xml' },
  access: 'user',
  tag: 'company',
  summary: 'QR code (SVG) of the company’s public trust profile, with or without its logo',
  description:
    'Members of the company (or a super admin) get an SVG QR code linking to its published trust profile, with the company logo in the middle when embedLogoType is COMPANY_LOGO. Cached privately for at most 5 minutes and never past the live seal’s window. 409 while the profile is not published or when a logo is asked for and there is none; another company’s id answers 404.',
  errors: ['CONFLICT'],
});

/** A profile's slug in a public path (an unknown or malformed one is answered as not found). */
const SlugInputSchema = z.object({ slug: TextSchema.max(200) });
const PUBLIC_PAGE = 'trustProfile';

export const trustProfilePage = endpoint({
  method: 'GET',
  path: '/trust/{slug}',
  input: SlugInputSchema.extend({ lang: z.unknown().optional() }),
  output: z.never(),
  file: { contentType: 'text/html' },
  access: 'public',
  tag: PUBLIC_PAGE,
  summary: 'The public trust profile page (server-rendered)',
  description:
    'Anyone: the published profile of a company as an HTML page in the visitor’s language (`lang`, else Accept-Language), with its live verified seal; never cached, so a seal that stops holding disappears at once. An unknown or unpublished profile is a small 404 page in the same language.',
});

export const trustBadge = endpoint({
  method: 'GET',
  path: '/trust/{slug}/badge.svg',
  input: SlugInputSchema.extend({ lang: z.unknown().optional() }),
  output: z.never(),
  file: { contentType: 'image/svg+xml' },
  access: 'public',
  tag: PUBLIC_PAGE,
  summary: 'The embeddable trust badge of a published profile',
  description:
    'Anyone, from any site: an SVG badge showing whether the company holds a live verified seal, cached publicly at most 5 minutes and never past the seal’s window. An unknown or unpublished profile is NOT_FOUND.',
});

export const trustSealFile = endpoint({
  method: 'GET',
  path: '/trust/{slug}/seal.json',
  input: SlugInputSchema,
  output: z.never(),
  file: { contentType: 'application/json' },
  access: 'public',
  tag: PUBLIC_PAGE,
  summary: 'The signed seal of a published profile, for verifiers',
  description:
    'Anyone, from any site: the company’s live seal token with its id, key id, issue and expiry times and the addresses of the key set and revocation list to verify it with. NOT_FOUND when the profile is unknown or holds no live seal.',
});

export const sealKeySet = endpoint({
  method: 'GET',
  path: '/.well-known/trustleaf-seal-keys.json',
  input: z.object({}),
  output: z.never(),
  file: { contentType: 'application/json (a JSON Web Key Set)' },
  access: 'public',
  tag: PUBLIC_PAGE,
  summary: 'The public keys seals are signed with',
  description:
    'Anyone, from any site: the key set that verifies seal signatures, cached publicly for an hour.',
});

export const sealRevocationList = endpoint({
  method: 'GET',
  path: '/.well-known/trustleaf-seal-revocations.json',
  input: z.object({}),
  output: z.never(),
  file: { contentType: 'application/json' },
  access: 'public',
  tag: PUBLIC_PAGE,
  summary: 'The seals revoked before their expiry',
  description:
    'Anyone, from any site: every revoked seal that has not expired yet, never cached, so a revocation takes effect at a verifier’s next check.',
});
