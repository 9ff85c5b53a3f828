import {
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
