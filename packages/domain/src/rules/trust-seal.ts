import { addDays, isExpired, normalizeReviewStatus, startOfDayIn } from './document-status.ts';
import type { FeatureStatus } from './feature-gating.ts';

export { startOfDayIn } from './document-status.ts';

/**
 * The verified seal's rule (issue 21; spec 1 §1 "verification and a public trust profile"): a company
 * holds the seal only while every document its business type requires is accepted and unexpired, its
 * subscription is active and its plan grants the seal, and its profile is published. The API decides
 * with it on every public read, and the settings page shows the same blockers.
 */
export const VERIFIED_SEAL_FEATURE = 'verified_seal';

/** Longest validity window of a signed seal; shorter when a required document expires sooner. */
export const SEAL_MAX_VALIDITY_MS = 24 * 3600 * 1000;
/** A live seal is reused while it has at least this long left; after that a fresh one is signed. */
export const SEAL_REISSUE_BEFORE_MS = 6 * 3600 * 1000;

/** Spec 2 §2: the blockchain-verified tooltip appears at 0.5 s and hides at 5.5 s. */
export const SEAL_TOOLTIP_SHOW_MS = 500;
export const SEAL_TOOLTIP_HIDE_MS = 5500;

export type SealBlocker =
  | 'NOT_PUBLISHED'
  | 'SEAL_HELD'
  | 'NO_REQUIRED_DOCUMENTS'
  | 'DOCUMENT_MISSING'
  | 'DOCUMENT_PENDING'
  | 'DOCUMENT_REJECTED'
  | 'DOCUMENT_EXPIRED'
  | 'SUBSCRIPTION_INACTIVE'
  | 'PLAN_WITHOUT_SEAL';

export interface RequiredDocumentState {
  documentTypeId: number;
  name: string;
  /** A seeded type's key (reference/seeded-catalog), for its name in the reader's language. */
  seedKey?: string | null;
  expirationCheck: boolean;
  /** The newest version (not deleted), or null when none was uploaded. */
  latest: { reviewStatus: string; expirationDate: string | null } | null;
}

export type RequiredDocumentStatus = 'accepted' | 'pending' | 'rejected' | 'expired' | 'missing';

/** What the public profile says of one required document (never the document itself). */
export function requiredDocumentStatus(
  document: RequiredDocumentState,
  today: string,
): RequiredDocumentStatus {
  const latest = document.latest;
  if (!latest) return 'missing';
  const review = normalizeReviewStatus(latest.reviewStatus);
  if (review === 'rejected') return 'rejected';
  // A type that checks expiry needs a date: a missing one reads as expired, as the vault's indicator does.
  if (document.expirationCheck && (latest.expirationDate === null || isExpired(latest.expirationDate, today)))
    return 'expired';
  return review;
}

export interface SealEligibilityInput {
  published: boolean;
  held: boolean;
  documents: readonly RequiredDocumentState[];
  subscriptionActive: boolean;
  /** The gating rule's answer for VERIFIED_SEAL_FEATURE on the company's plan. */
  sealFeature: FeatureStatus;
  /** The platform's calendar day (`todayIn`). */
  today: string;
}

export interface SealEligibility {
  eligible: boolean;
  /** A document's blocker names its type, and a seeded type's key for its name in the reader's language. */
  blockers: { reason: SealBlocker; documentType?: string; documentTypeSeedKey?: string | null }[];
}

const DOCUMENT_BLOCKER: Record<Exclude<RequiredDocumentStatus, 'accepted'>, SealBlocker> = {
  missing: 'DOCUMENT_MISSING',
  pending: 'DOCUMENT_PENDING',
  rejected: 'DOCUMENT_REJECTED',
  expired: 'DOCUMENT_EXPIRED',
};

export function sealEligibility(input: SealEligibilityInput): SealEligibility {
  const blockers: SealEligibility['blockers'] = [];
  if (!input.published) blockers.push({ reason: 'NOT_PUBLISHED' });
  if (input.held) blockers.push({ reason: 'SEAL_HELD' });
  // Nothing verified is nothing to attest: a business type without required documents gets no seal.
  if (input.documents.length === 0) blockers.push({ reason: 'NO_REQUIRED_DOCUMENTS' });
  for (const document of input.documents) {
    const status = requiredDocumentStatus(document, input.today);
    if (status !== 'accepted')
      blockers.push({
        reason: DOCUMENT_BLOCKER[status],
        documentType: document.name,
        documentTypeSeedKey: document.seedKey ?? null,
      });
  }
  if (!input.subscriptionActive) blockers.push({ reason: 'SUBSCRIPTION_INACTIVE' });
  else if (input.sealFeature !== 'NORMAL') blockers.push({ reason: 'PLAN_WITHOUT_SEAL' });
  return { eligible: blockers.length === 0, blockers };
}

/**
 * The end of a seal signed at `now`: at most SEAL_MAX_VALIDITY_MS away, and never past the moment the
 * first required document expires (the start of the day after its expiration day, platform time).
 */
export function sealWindowEnd(now: Date, documents: readonly RequiredDocumentState[]): Date {
  let end = now.getTime() + SEAL_MAX_VALIDITY_MS;
  for (const document of documents) {
    const expiry = document.expirationCheck ? document.latest?.expirationDate : null;
    if (expiry) end = Math.min(end, startOfDayIn(addDays(expiry, 1)));
  }
  return new Date(end);
}
