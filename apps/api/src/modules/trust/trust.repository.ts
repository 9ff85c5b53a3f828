import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
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
          seedKey: documentTypes.seedKey,
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
          seedKey: type.seedKey,
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

    /** Revokes the listed seals in one statement (those already revoked keep their first reason). */
    async revokeMany(ids: string[], now: Date, reason: string) {
      if (ids.length === 0) return;
      await db
        .update(sealAttestations)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(inArray(sealAttestations.id, ids), isNull(sealAttestations.revokedAt)));
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

    /**
     * Companies holding a live seal although a document their business type requires has no newest
     * version that is accepted and unexpired on `today` (a superset: the seal rule has the last word),
     * `limit` at a time after `afterCompanyId`, so a sweep reads them in batches.
     */
    async companiesWithLapsedDocuments(now: Date, today: string, afterCompanyId: number, limit: number) {
      const result = await db.execute<{ company_id: number }>(sql`
        select distinct a.company_id
        from ${sealAttestations} a
        join ${companies} c on c.id = a.company_id
        join ${documentTypes} dt on dt.deleted_at is null and c.business_type_id = any(dt.business_type_ids)
        left join lateral (
          select d.review_status, d.expiration_date
          from ${companyDocuments} d
          where d.company_id = c.id and d.document_type_id = dt.id and d.deleted_at is null
          order by d.version desc
          limit 1
        ) latest on true
        where a.revoked_at is null and a.expires_at > ${now} and a.company_id > ${afterCompanyId}
          and (latest.review_status is null or latest.review_status <> 'accepted'
               or (dt.expiration_check and (latest.expiration_date is null or latest.expiration_date < ${today}::date)))
        order by a.company_id
        limit ${limit}`);
      return result.rows.map((row) => Number(row.company_id));
    },

    /** Companies whose live seal ends before `until`, `limit` at a time after `afterCompanyId`. */
    async companiesWithSealsEnding(now: Date, until: Date, afterCompanyId: number, limit: number) {
      const rows = await db
        .selectDistinct({ companyId: sealAttestations.companyId })
        .from(sealAttestations)
        .where(
          and(
            isNull(sealAttestations.revokedAt),
            gt(sealAttestations.expiresAt, now),
            lt(sealAttestations.expiresAt, until),
            gt(sealAttestations.companyId, afterCompanyId),
          ),
        )
        .orderBy(sealAttestations.companyId)
        .limit(limit);
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
