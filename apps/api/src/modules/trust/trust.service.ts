import { requiredDocumentStatus, type SealEligibility } from '@trustleaf/domain/rules/trust-seal';
import type {
  HoldSealInput,
  PublishTrustProfileInput,
  SealVerdictDetail,
  TrustProfile,
  TrustSettings,
} from '@trustleaf/domain/schemas/trust';
import { TRUST_REFUSALS } from '@trustleaf/domain/schemas/trust';
import { decodeSeal, verifySeal, type SealKeySet } from '@trustleaf/scanner/seal';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import type { AttestationRow } from './trust.repository.ts';
import { createTrustSeals, type Standing, type TrustSealsDeps } from './trust-seals.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

const MANAGERS = ['Company Owner', 'Company Admin'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { RevocationReason } from './trust-seals.ts';

export interface TrustServiceDeps extends TrustSealsDeps {
  companyAccess: CompanyAccess;
}

/** `Green Valley Hemp Co.` (id 12) → `green-valley-hemp-co-12`: readable, unique by the id, never changed. */
export function profileSlug(name: string, companyId: number): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return words ? `${words}-${companyId}` : `company-${companyId}`;
}

export function createTrustService(deps: TrustServiceDeps) {
  const { companyAccess, repo, clock } = deps;
  const { issuer, keySet, urls, settle, summary, sweep, expireSeals, revocationList } =
    createTrustSeals(deps);

  function settingsOf(state: Standing, seal: AttestationRow | null): TrustSettings {
    const profile = state.profile;
    const links = profile ? urls(profile.slug) : null;
    return {
      plCompanyId: state.company.id,
      published: profile?.published ?? false,
      slug: profile?.slug ?? null,
      profileUrl: links?.profileUrl ?? null,
      badgeUrl: links?.badgeUrl ?? null,
      sealUrl: links?.sealUrl ?? null,
      held: profile?.sealHeldAt != null,
      holdReason: profile?.sealHoldReason ?? null,
      eligible: state.eligibility.eligible,
      blockers: state.eligibility.blockers,
      seal: summary(seal),
    };
  }

  async function publishedCompany(slug: string): Promise<number> {
    const profile = await repo.findProfileBySlug(slug);
    if (!profile || !profile.published) throw refusal('NOT_FOUND', COMMON_REFUSALS.profileNotFound);
    return profile.companyId;
  }

  return {
    keySet: (): SealKeySet => keySet,
    revocationList,
    sweep,
    expireSeals,

    async settings(auth: AuthContext, companyId: number): Promise<TrustSettings> {
      await companyAccess.require(auth, companyId);
      const { state, seal } = await settle(companyId);
      return settingsOf(state, seal);
    },

    async publish(auth: AuthContext, input: PublishTrustProfileInput): Promise<TrustSettings> {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      const found = await repo.findCompany(input.plCompanyId);
      if (!found) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
      const now = clock.now();
      await repo.upsertProfile({
        companyId: input.plCompanyId,
        slug: found.profile?.slug ?? profileSlug(found.company.name, input.plCompanyId),
        published: input.published,
        publishedAt: input.published ? (found.profile?.publishedAt ?? now) : null,
        updatedBy: auth.userId,
      });
      const { state, seal } = await settle(input.plCompanyId);
      return settingsOf(state, seal);
    },

    async hold(auth: AuthContext, input: HoldSealInput): Promise<TrustSettings> {
      if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
      await companyAccess.require(auth, input.plCompanyId);
      const found = await repo.findCompany(input.plCompanyId);
      if (!found) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
      await repo.setHold(
        input.plCompanyId,
        found.profile?.slug ?? profileSlug(found.company.name, input.plCompanyId),
        input.held ? clock.now() : null,
        input.held ? (input.reason ?? null) : null,
      );
      const { state, seal } = await settle(input.plCompanyId);
      return settingsOf(state, seal);
    },

    /** The published profile, its seal brought up to date first (so it disappears at once). */
    async publicProfile(slug: string): Promise<TrustProfile> {
      const companyId = await publishedCompany(slug);
      const [{ state, seal }, scan] = await Promise.all([settle(companyId), repo.latestScan(companyId)]);
      const company = state.company;
      return {
        slug: state.profile!.slug,
        profileUrl: urls(state.profile!.slug).profileUrl,
        company: {
          plCompanyId: company.id,
          name: company.name,
          logoUrl: company.logoUrl,
          businessType: state.businessType,
          memberSince: company.createdAt.toISOString().slice(0, 10),
          locations:
            company.city || company.state || company.country
              ? [{ city: company.city, state: company.state, country: company.country }]
              : [],
        },
        documents: state.documents.map((d) => {
          const verified = requiredDocumentStatus(d, state.today) === 'accepted';
          return {
            name: d.name,
            seedKey: d.seedKey ?? null,
            verified,
            expires: verified && d.expirationCheck ? (d.latest?.expirationDate ?? null) : null,
          };
        }),
        scan: scan
          ? { checkedAt: scan.checkTime.toISOString(), url: scan.url, issuesFound: scan.issuesFound }
          : null,
        seal: summary(seal),
      };
    },

    /** The seal alone (the badge and seal.json), with the company's name for the badge. */
    async publicSeal(slug: string) {
      const { state, seal } = await settle(await publishedCompany(slug));
      return {
        name: state.company.name,
        profileUrl: urls(state.profile!.slug).profileUrl,
        seal,
        now: state.now,
      };
    },

    /** For the QR code: the profile address of a company the caller belongs to, and its live seal. */
    async profileForMember(auth: AuthContext, companyId: number) {
      await companyAccess.require(auth, companyId);
      const { state, seal } = await settle(companyId);
      if (!state.profile?.published) {
        throw refusal('CONFLICT', TRUST_REFUSALS.publishFirst);
      }
      return {
        profileUrl: urls(state.profile.slug).profileUrl,
        logoUrl: state.company.logoUrl,
        seal,
        now: state.now,
      };
    },

    /**
     * The server's verdict, by the same rule as `trustleaf-scan verify`. The seal's company is
     * re-checked first, so a seal whose company stopped qualifying is revoked before it is judged.
     */
    async verify(token: string): Promise<SealVerdictDetail> {
      const decoded = decodeSeal(token);
      const companyId = Number(/^company:(\d+)$/.exec(decoded?.payload.sub ?? '')?.[1]);
      if (decoded && Number.isInteger(companyId) && decoded.payload.iss === issuer) {
        const known = UUID.test(decoded.payload.jti) ? await repo.findAttestation(decoded.payload.jti) : null;
        if (known && known.companyId === companyId) await settle(companyId);
      }
      const now = clock.now();
      const rows = await repo.revokedUnexpired(now);
      const verdict = verifySeal(token, {
        keys: keySet,
        revocations: { revoked: rows.map((r) => ({ jti: r.id, revokedAt: '', reason: '' })) },
        now,
        issuer,
      });
      const payload = verdict.payload;
      return {
        valid: verdict.valid,
        ...(verdict.valid ? {} : { reason: verdict.reason }),
        ...(verdict.kid ? { keyId: verdict.kid } : {}),
        ...(payload
          ? {
              sealId: payload.jti,
              company: payload.company,
              expiresAt: new Date(payload.exp * 1000).toISOString(),
            }
          : {}),
        checkedAt: now.toISOString(),
      };
    },
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
export type { SealEligibility };
