import { createHash, randomUUID } from 'node:crypto';
import { todayIn } from '@trustleaf/domain/rules/document-status';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { isSubscriptionActive } from '@trustleaf/domain/rules/subscription';
import {
  SEAL_REISSUE_BEFORE_MS,
  sealEligibility,
  sealWindowEnd,
  type RequiredDocumentState,
} from '@trustleaf/domain/rules/trust-seal';
import type { SealSummary } from '@trustleaf/domain/schemas/trust';
import {
  signSeal,
  type SealKeySet,
  type SealPayload,
  type SealRevocationList,
} from '@trustleaf/scanner/seal';
import type { Clock } from '../../lib/clock.ts';
import { refusal } from '../../lib/errors.ts';
import type { SealKeys } from '../../lib/seal-keys.ts';
import type { AttestationRow, TrustRepository } from './trust.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** Companies the expiry sweep reads at a time. */
const EXPIRY_SWEEP_BATCH = 200;

/**
 * Why a seal was revoked, as the public revocation list says it: coarse on purpose, so the list does
 * not tell the world which document of a company was rejected.
 */
export type RevocationReason = 'no-longer-eligible' | 'superseded' | 'profile-withdrawn' | 'withheld';

export interface TrustSealsDeps {
  repo: TrustRepository;
  clock: Clock;
  /** The public URL: the seal's issuer and the base of every profile address. */
  appUrl: string;
  keys: SealKeys;
  /** Billing's gating rule for the verified seal feature on the company's plan. */
  sealFeature(companyId: number): Promise<FeatureStatus>;
}

/**
 * The company's seal: its standing read now, the seal signed, reused or revoked to match it, the
 * scheduled expiry sweep and the public revocation list.
 */
export function createTrustSeals(deps: TrustSealsDeps) {
  const { repo, clock, keys } = deps;
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
  return { issuer, keySet, urls, settle, summary, sweep, expireSeals, revocationList };
}

export type TrustSeals = ReturnType<typeof createTrustSeals>;
/** A company's standing as the seal judged it: the company, its profile, documents and eligibility. */
export type Standing = Awaited<ReturnType<TrustSeals['settle']>>['state'];
