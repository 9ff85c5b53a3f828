import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businessTypes,
  companies,
  companyDocuments,
  companySubscriptions,
  complianceFindings,
  documentTypes,
  sealAttestations,
  trustProfiles,
  violationChecks,
} from '../../db/schema.ts';

export type TrustProfileRow = typeof trustProfiles.$inferSelect;
export type AttestationRow = typeof sealAttestations.$inferSelect;

/**
 * The public profile reads the company, its required documents' newest versions and its latest scan
 * as read-only aggregates; every query takes the one company id the service resolved.
 */
export function createTrustRepository(db: Db) {
  return {
    async findCompany(companyId: number) {
      const [row] = await db
        .select({ company: companies, businessType: businessTypes.name, profile: trustProfiles })
        .from(companies)
        .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
        .leftJoin(trustProfiles, eq(trustProfiles.companyId, companies.id))
        .where(eq(companies.id, companyId));
      return row ?? null;
    },

    async findProfileBySlug(slug: string) {
      const [row] = await db.select().from(trustProfiles).where(eq(trustProfiles.slug, slug));
      return row ?? null;
    },

    /** Creates the profile row with its slug on first publish; later calls keep the slug. */
    async upsertProfile(values: {
      companyId: number;
      slug: string;
      published: boolean;
      publishedAt: Date | null;
      updatedBy: number;
    }) {
      const [row] = await db
        .insert(trustProfiles)
        .values(values)
        .onConflictDoUpdate({
          target: trustProfiles.companyId,
          set: { published: values.published, publishedAt: values.publishedAt, updatedBy: values.updatedBy },
        })
        .returning();
      return row!;
    },

    async setHold(companyId: number, slug: string, heldAt: Date | null, reason: string | null) {
      const [row] = await db
        .insert(trustProfiles)
        .values({ companyId, slug, sealHeldAt: heldAt, sealHoldReason: reason })
        .onConflictDoUpdate({
          target: trustProfiles.companyId,
          set: { sealHeldAt: heldAt, sealHoldReason: reason },
        })
        .returning();
      return row!;
    },

    /**
     * The document types the company's business type requires, each with its newest version that is
     * not deleted (or none).
     */
    async requiredDocuments(companyId: number, businessTypeId: number | null) {
      if (businessTypeId === null) return [];
      const types = await db
        .select({
          id: documentTypes.id,
          name: documentTypes.name,
          expirationCheck: documentTypes.expirationCheck,
        })
        .from(documentTypes)
        .where(
          and(
            isNull(documentTypes.deletedAt),
            sql`${businessTypeId} = any(${documentTypes.businessTypeIds})`,
          ),
        )
        .orderBy(documentTypes.name);
      if (types.length === 0) return [];
      const latest = await db
        .selectDistinctOn([companyDocuments.documentTypeId], {
          documentTypeId: companyDocuments.documentTypeId,
          reviewStatus: companyDocuments.reviewStatus,
          expirationDate: companyDocuments.expirationDate,
        })
        .from(companyDocuments)
        .where(
          and(
            eq(companyDocuments.companyId, companyId),
            isNull(companyDocuments.deletedAt),
            inArray(
              companyDocuments.documentTypeId,
              types.map((t) => t.id),
            ),
          ),
        )
        .orderBy(companyDocuments.documentTypeId, desc(companyDocuments.version));
      const byType = new Map(latest.map((row) => [row.documentTypeId, row]));
      return types.map((type) => {
        const version = byType.get(type.id);
        return {
          documentTypeId: type.id,
          name: type.name,
          expirationCheck: type.expirationCheck,
          latest: version
            ? { reviewStatus: version.reviewStatus, expirationDate: version.expirationDate }
            : null,
        };
      });
    },

    /** The status of the company's live subscription (at most one is live), or null. */
    async liveSubscriptionStatus(companyId: number) {
      const [row] = await db
        .select({ status: companySubscriptions.status })
        .from(companySubscriptions)
        .where(
          and(
            eq(companySubscriptions.companyId, companyId),
            inArray(companySubscriptions.status, ['NEW', 'TRIAL', 'AVAILABLE', 'PAYMENT_FAILED']),
          ),
        );
      return row?.status ?? null;
    },

    /** The company's latest finished scan and its findings not marked compliant. */
    async latestScan(companyId: number) {
      const [check] = await db
        .select({ id: violationChecks.id, url: violationChecks.url, checkTime: violationChecks.checkTime })
        .from(violationChecks)
        .where(eq(violationChecks.companyId, companyId))
        .orderBy(desc(violationChecks.checkTime))
        .limit(1);
      if (!check) return null;
      const [count] = await db
        .select({ issues: sql<number>`count(*)::int` })
        .from(complianceFindings)
        .where(and(eq(complianceFindings.checkId, check.id), eq(complianceFindings.isCompliant, false)));
      return { ...check, issuesFound: count?.issues ?? 0 };
    },

    async insertAttestation(values: typeof sealAttestations.$inferInsert) {
      await db.insert(sealAttestations).values(values);
    },

    /** Seals of the company not revoked and not yet expired, the longest-lived first. */
    async liveAttestations(companyId: number, now: Date) {
      return db
        .select()
        .from(sealAttestations)
        .where(
          and(
            eq(sealAttestations.companyId, companyId),
            isNull(sealAttestations.revokedAt),
            gt(sealAttestations.expiresAt, now),
          ),
        )
        .orderBy(desc(sealAttestations.expiresAt));
    },

    async revokeOne(id: string, now: Date, reason: string) {
      await db
        .update(sealAttestations)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sealAttestations.id, id), isNull(sealAttestations.revokedAt)));
    },

    async revokeLive(companyId: number, now: Date, reason: string) {
      const revoked = await db
        .update(sealAttestations)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(sealAttestations.companyId, companyId),
            isNull(sealAttestations.revokedAt),
            gt(sealAttestations.expiresAt, now),
          ),
        )
        .returning({ id: sealAttestations.id });
      return revoked.length;
    },

    async findAttestation(id: string) {
      const [row] = await db.select().from(sealAttestations).where(eq(sealAttestations.id, id));
      return row ?? null;
    },

    /** Companies holding a live seal: the ones whose standing the sweep re-checks. */
    async companiesWithLiveSeals(now: Date) {
      const rows = await db
        .selectDistinct({ companyId: sealAttestations.companyId })
        .from(sealAttestations)
        .where(and(isNull(sealAttestations.revokedAt), gt(sealAttestations.expiresAt, now)));
      return rows.map((r) => r.companyId);
    },

    /** Revoked seals whose window has not ended: once expired, no verifier accepts them anyway. */
    async revokedUnexpired(now: Date) {
      return db
        .select({
          id: sealAttestations.id,
          revokedAt: sealAttestations.revokedAt,
          revokedReason: sealAttestations.revokedReason,
        })
        .from(sealAttestations)
        .where(and(isNotNull(sealAttestations.revokedAt), gt(sealAttestations.expiresAt, now)))
        .orderBy(sealAttestations.revokedAt);
    },
  };
}

export type TrustRepository = ReturnType<typeof createTrustRepository>;
