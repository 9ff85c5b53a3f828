import { createHash, randomUUID } from 'node:crypto';
import { todayIn } from '@trustleaf/domain/rules/document-status';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { isSubscriptionActive } from '@trustleaf/domain/rules/subscription';
import {
  requiredDocumentStatus,
  SEAL_REISSUE_BEFORE_MS,
  sealEligibility,
  sealWindowEnd,
  type RequiredDocumentState,
  type SealEligibility,
} from '@trustleaf/domain/rules/trust-seal';
import type {
  HoldSealInput,
  PublishTrustProfileInput,
  SealSummary,
  SealVerdictDetail,
  TrustProfile,
  TrustSettings,
} from '@trustleaf/domain/schemas/trust';
import { TRUST_REFUSALS } from '@trustleaf/domain/schemas/trust';
import {
  decodeSeal,
  signSeal,
  verifySeal,
  type SealKeySet,
  type SealPayload,
  type SealRevocationList,
} from '@trustleaf/scanner/seal';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import type { SealKeys } from '../../lib/seal-keys.ts';
import type { AttestationRow, TrustRepository } from './trust.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

const MANAGERS = ['Company Owner', 'Company Admin'] as const;
/** Companies the expiry sweep reads at a time. */
const EXPIRY_SWEEP_BATCH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Why a seal was revoked, as the public revocation list says it: coarse on purpose, so the list does
 * not tell the world which document of a company was rejected.
 */
export type RevocationReason = 'no-longer-eligible' | 'superseded' | 'profile-withdrawn' | 'withheld';

export interface TrustServiceDeps {
  companyAccess: CompanyAccess;
  repo: TrustRepository;
  clock: Clock;
  /** The public URL: the seal's issuer and the base of every profile address. */
  appUrl: string;
  keys: SealKeys;
  /** Billing's gating rule for the verified seal feature on the company's plan. */
  sealFeature(companyId: number): Promise<FeatureStatus>;
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
  const { companyAccess, repo, clock, keys } = deps;
  const issuer = deps.appUrl.replace(/\/+$/, '');
  const urls = (slug: string) => ({
    profileUrl: `${issuer}/trust/${slug}`,
    badgeUrl: `${issuer}/trust/${slug}/badge.svg`,
    sealUrl: `${issuer}/trust/${slug}/seal.json`,
  });
  const keySet: SealKeySet = { keys: keys.published };

  /** Everything the seal depends on, read now. */
  async function standing(companyId: number) {
    const found = await repo.findCompany(companyId);
    if (!found) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
    const now = clock.now();
    const today = todayIn(now);
    const [documents, subscriptionStatus, sealFeature] = await Promise.all([
      repo.requiredDocuments(companyId, found.company.businessTypeId),
      repo.liveSubscriptionStatus(companyId),
      deps.sealFeature(companyId),
    ]);
    const eligibility = sealEligibility({
      published: found.profile?.published ?? false,
      held: found.profile?.sealHeldAt != null,
      documents,
      subscriptionActive: isSubscriptionActive(subscriptionStatus),
      sealFeature,
      today,
    });
    return { ...found, documents, eligibility, now, today };
  }
  type Standing = Awaited<ReturnType<typeof standing>>;

  function claimsOf(state: Standing) {
    const slug = state.profile!.slug;
    return {
      company: { id: state.company.id, name: state.company.name, profileUrl: urls(slug).profileUrl },
      requiredDocuments: state.documents.map((d: RequiredDocumentState) => ({
        type: d.name,
        status: 'accepted' as const,
        expires: d.expirationCheck ? (d.latest?.expirationDate ?? null) : null,
      })),
    };
  }

  async function revokeIds(rows: AttestationRow[], now: Date, reason: RevocationReason) {
    await repo.revokeMany(
      rows.map((row) => row.id),
      now,
      reason,
    );
  }

  /**
   * Brings the company's seal in line with its standing: revokes every live seal at once when the
   * company no longer qualifies; otherwise reuses a live seal that says the same and still has a while
   * to run, or signs a fresh one (revoking live seals that say something else).
   */
  async function settle(companyId: number): Promise<{ state: Standing; seal: AttestationRow | null }> {
    const state = await standing(companyId);
    const { now } = state;
    if (!state.eligibility.eligible) {
      const withdrawn = !state.profile?.published;
      const held = state.profile?.sealHeldAt != null;
      await repo.revokeLive(
        companyId,
        now,
        held ? 'withheld' : withdrawn ? 'profile-withdrawn' : 'no-longer-eligible',
      );
      return { state, seal: null };
    }
    const claims = claimsOf(state);
    const claimsHash = createHash('sha256').update(JSON.stringify(claims)).digest('hex');
    const live = await repo.liveAttestations(companyId, now);
    const windowEnd = sealWindowEnd(now, state.documents);
    await revokeIds(
      live.filter((a) => a.claimsHash !== claimsHash),
      now,
      'superseded',
    );
    const current = live.find(
      (a) =>
        a.claimsHash === claimsHash &&
        (a.expiresAt.getTime() - now.getTime() >= SEAL_REISSUE_BEFORE_MS ||
          a.expiresAt.getTime() >= windowEnd.getTime()),
    );
    if (current) return { state, seal: current };

    const id = randomUUID();
    const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
    const payload: SealPayload = {
      iss: issuer,
      sub: `company:${companyId}`,
      jti: id,
      iat: seconds(now),
      nbf: seconds(now),
      exp: seconds(windowEnd),
      company: claims.company,
      claims: {
        requiredDocuments: claims.requiredDocuments,
        subscriptionActive: true,
        verifiedSealFeature: true,
      },
    };
    const token = signSeal(payload, keys.privateKey);
    const row: AttestationRow = {
      id,
      companyId,
      keyId: keys.keyId,
      token,
      claimsHash,
      issuedAt: new Date(payload.iat * 1000),
      expiresAt: new Date(payload.exp * 1000),
      revokedAt: null,
      revokedReason: null,
    };
    await repo.insertAttestation(row);
    return { state, seal: row };
  }

  function summary(seal: AttestationRow | null): SealSummary | null {
    if (!seal) return null;
    return {
      seal: seal.token,
      sealId: seal.id,
      keyId: seal.keyId,
      issuedAt: seal.issuedAt.toISOString(),
      expiresAt: seal.expiresAt.toISOString(),
    };
  }

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

  let sweeping: Promise<void> | null = null;
  /** Re-checks every company holding a live seal; concurrent callers share one pass. */
  function sweep(): Promise<void> {
    sweeping ??= (async () => {
      try {
        for (const companyId of await repo.companiesWithLiveSeals(clock.now())) await settle(companyId);
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  }

  /**
   * The scheduled sweep (trust.expire-seals). A seal's window already ends when its first required
   * document expires; what the sweep adds: companies holding a live seal whose required documents
   * lapsed otherwise (rejected, removed, replaced by a version not yet accepted) are settled, which
   * revokes their seals in one statement; and live seals about to end are settled too, which signs
   * the next one while the company still qualifies, so the directory's seal flags stay true without
   * anyone viewing the profile. Both are read a batch at a time. Answers how many seals were revoked.
   */
  async function expireSeals(): Promise<number> {
    const now = clock.now();
    const today = todayIn(now);
    const renewBefore = new Date(now.getTime() + SEAL_REISSUE_BEFORE_MS);
    let revoked = 0;
    const passes = [
      (after: number) => repo.companiesWithLapsedDocuments(now, today, after, EXPIRY_SWEEP_BATCH),
      (after: number) => repo.companiesWithSealsEnding(now, renewBefore, after, EXPIRY_SWEEP_BATCH),
    ];
    for (const next of passes) {
      let after = 0;
      for (;;) {
        const batch = await next(after);
        for (const companyId of batch) {
          const { seal } = await settle(companyId);
          if (!seal) revoked += 1;
        }
        if (batch.length < EXPIRY_SWEEP_BATCH) break;
        after = batch[batch.length - 1]!;
      }
    }
    return revoked;
  }

  async function revocationList(): Promise<SealRevocationList> {
    await sweep();
    const now = clock.now();
    const rows = await repo.revokedUnexpired(now);
    return {
      issuer,
      generatedAt: now.toISOString(),
      revoked: rows.map((r) => ({
        jti: r.id,
        revokedAt: r.revokedAt!.toISOString(),
        reason: r.revokedReason ?? 'no-longer-eligible',
      })),
    };
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
