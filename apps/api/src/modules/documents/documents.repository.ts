import { and, asc, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activeMemberOf, managerContacts } from '../../db/members.ts';
import { createReasonsRepository } from './reasons.repository.ts';
import {
  businessTypes,
  coaUploads,
  companies,
  companyDocuments,
  companyMembers,
  documentNotes,
  documentReminders,
  documentReviewers,
  documentTypes,
  rejectionReasons,
  users,
} from '../../db/schema.ts';

export type DocumentTypeRowDb = typeof documentTypes.$inferSelect;
export type VersionRow = typeof companyDocuments.$inferSelect & { reasonName: string | null };
export type CoaUploadRow = typeof coaUploads.$inferSelect;

/** Company-scoped functions take the company id the service authorised the caller for. */
export function createDocumentsRepository(db: Db) {
  async function selectVersions(where: ReturnType<typeof and>) {
    const rows = await db
      .select({ document: companyDocuments, reasonName: rejectionReasons.reasonName })
      .from(companyDocuments)
      .leftJoin(rejectionReasons, eq(rejectionReasons.id, companyDocuments.rejectReasonId))
      .where(where)
      .orderBy(desc(companyDocuments.version));
    return rows.map((r) => ({ ...r.document, reasonName: r.reasonName }));
  }

  return {
    ...createReasonsRepository(db),
    // ---- document types ----
    async listDocumentTypes() {
      return db
        .select()
        .from(documentTypes)
        .where(isNull(documentTypes.deletedAt))
        .orderBy(asc(documentTypes.name), asc(documentTypes.id));
    },

    async businessTypeNames() {
      return db.select({ id: businessTypes.id, name: businessTypes.name }).from(businessTypes);
    },

    async findDocumentType(id: number) {
      const [row] = await db
        .select()
        .from(documentTypes)
        .where(and(eq(documentTypes.id, id), isNull(documentTypes.deletedAt)));
      return row ?? null;
    },

    /** Including deleted types: documents uploaded for a type keep showing its name. */
    async findDocumentTypeAny(id: number) {
      const [row] = await db.select().from(documentTypes).where(eq(documentTypes.id, id));
      return row ?? null;
    },

    async applyDocumentTypeChanges(
      changes: {
        action: 'insert' | 'update' | 'delete';
        id?: number;
        values?: Omit<typeof documentTypes.$inferInsert, 'id'>;
      }[],
      at: Date,
    ): Promise<{ duplicateName: string | null }> {
      // One batch at a time, so two batches cannot each add the same name (spec 2 document types).
      const touched = [
        ...new Set(changes.flatMap((c) => (c.values ? [c.values.name.trim().toLowerCase()] : []))),
      ];
      let duplicateName: string | null = null;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('document_types'))`);
        if (touched.length > 0) {
          const taken = await tx
            .select({ id: documentTypes.id, name: documentTypes.name })
            .from(documentTypes)
            .where(
              and(
                isNull(documentTypes.deletedAt),
                inArray(sql<string>`lower(trim(${documentTypes.name}))`, touched),
              ),
            );
          // A name stays free for the batch when the type holding it is updated or deleted in it.
          const released = new Set(changes.flatMap((c) => (c.action === 'insert' ? [] : [c.id!])));
          const used = new Set(
            taken.filter((row) => !released.has(row.id)).map((row) => row.name.trim().toLowerCase()),
          );
          for (const change of changes) {
            if (!change.values) continue;
            const name = change.values.name.trim().toLowerCase();
            if (used.has(name)) {
              duplicateName = change.values.name;
              return;
            }
            used.add(name);
          }
        }
        for (const change of changes) {
          if (change.action === 'insert') await tx.insert(documentTypes).values(change.values!);
          else if (change.action === 'update') {
            // A renamed seeded type reads as the super admin typed it from now on.
            const values = change.values!;
            await tx
              .update(documentTypes)
              .set({
                ...values,
                seedKey: sql`case when ${documentTypes.name} = ${values.name} then ${documentTypes.seedKey} end`,
              })
              .where(and(eq(documentTypes.id, change.id!), isNull(documentTypes.deletedAt)));
          } else {
            await tx.update(documentTypes).set({ deletedAt: at }).where(eq(documentTypes.id, change.id!));
          }
        }
      });
      return { duplicateName };
    },

    async existingDocumentTypeIds(ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: documentTypes.id })
        .from(documentTypes)
        .where(and(inArray(documentTypes.id, ids), isNull(documentTypes.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    // ---- companies and people ----
    async findCompany(companyId: number) {
      const [row] = await db
        .select({ id: companies.id, name: companies.name, businessTypeId: companies.businessTypeId })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row ?? null;
    },

    /** Owners and admins receive the company's document emails. */
    async ownerAndAdminEmails(companyId: number) {
      return managerContacts(db, companyId);
    },

    async isMember(userId: number, companyId: number) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(companyMembers)
        .where(activeMemberOf(companyId, userId));
      return Boolean(row);
    },

    /**
     * The reviewer companies through which the user reviews: those the user owns or administers that
     * are assigned to the client (or to any client when none is given).
     */
    async reviewerCompaniesOf(userId: number, clientCompanyId?: number) {
      const rows = await db
        .selectDistinct({ companyId: documentReviewers.reviewerCompanyId })
        .from(documentReviewers)
        .innerJoin(companyMembers, eq(companyMembers.companyId, documentReviewers.reviewerCompanyId))
        .where(
          and(
            clientCompanyId === undefined
              ? undefined
              : eq(documentReviewers.clientCompanyId, clientCompanyId),
            eq(companyMembers.userId, userId),
            isNull(companyMembers.bannedAt),
            inArray(companyMembers.role, ['Company Owner', 'Company Admin']),
          ),
        )
        .orderBy(asc(documentReviewers.reviewerCompanyId));
      return rows.map((r) => r.companyId);
    },

    async assignReviewer(clientCompanyId: number, reviewerCompanyId: number) {
      await db.insert(documentReviewers).values({ clientCompanyId, reviewerCompanyId }).onConflictDoNothing();
    },

    /** The reviewer companies assigned to a client, by name. */
    async listReviewers(clientCompanyId: number) {
      return db
        .select({ plCompanyId: companies.id, companyName: companies.name })
        .from(documentReviewers)
        .innerJoin(companies, eq(companies.id, documentReviewers.reviewerCompanyId))
        .where(eq(documentReviewers.clientCompanyId, clientCompanyId))
        .orderBy(asc(companies.name), asc(companies.id));
    },

    async removeReviewer(clientCompanyId: number, reviewerCompanyId: number) {
      await db
        .delete(documentReviewers)
        .where(
          and(
            eq(documentReviewers.clientCompanyId, clientCompanyId),
            eq(documentReviewers.reviewerCompanyId, reviewerCompanyId),
          ),
        );
    },

    // ---- versions ----
    async listVersions(companyId: number, documentTypeId: number) {
      return selectVersions(
        and(
          eq(companyDocuments.companyId, companyId),
          eq(companyDocuments.documentTypeId, documentTypeId),
          isNull(companyDocuments.deletedAt),
        ),
      );
    },

    async listCompanyVersions(companyId: number) {
      return selectVersions(
        and(eq(companyDocuments.companyId, companyId), isNull(companyDocuments.deletedAt)),
      );
    },

    async findVersion(documentId: number) {
      const [row] = await selectVersions(
        and(eq(companyDocuments.id, documentId), isNull(companyDocuments.deletedAt)),
      );
      return row ?? null;
    },

    /**
     * Files an upload as the next version of the company's document of that type; null when the
     * upload already is a live version (a double submit, or a retry of one that went through).
     * Numbers the new version inside a transaction. Concurrent uploads of one document wait for each
     * other on an advisory lock of the company and type, so each reads the number the previous one
     * wrote: versions run 1, 2, 3… without gaps or duplicates (the unique index is the last guard).
     */
    async insertVersion(values: Omit<typeof companyDocuments.$inferInsert, 'version'>) {
      return db.transaction(async (tx) => {
        // The file's lock first, then the type's: two filings of one upload never both pass the check.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`document-file:${values.companyId}:${values.fileKey}`}))`,
        );
        const [filed] = await tx
          .select({ id: companyDocuments.id })
          .from(companyDocuments)
          .where(
            and(
              eq(companyDocuments.companyId, values.companyId),
              eq(companyDocuments.fileKey, values.fileKey),
              isNull(companyDocuments.deletedAt),
            ),
          )
          .limit(1);
        if (filed) return null;
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`document-version:${values.companyId}:${values.documentTypeId}`}))`,
        );
        const [last] = await tx
          .select({ version: max(companyDocuments.version) })
          .from(companyDocuments)
          .where(
            and(
              eq(companyDocuments.companyId, values.companyId),
              eq(companyDocuments.documentTypeId, values.documentTypeId),
            ),
          );
        const [row] = await tx
          .insert(companyDocuments)
          .values({ ...values, version: (last?.version ?? 0) + 1 })
          .returning();
        return row!;
      });
    },

    async updateVersion(documentId: number, values: Partial<typeof companyDocuments.$inferInsert>) {
      await db.update(companyDocuments).set(values).where(eq(companyDocuments.id, documentId));
    },

    async setConversion(
      documentId: number,
      values: { conversionStatus: 'COMPLETED' | 'FAILED'; viewKey: string | null },
    ) {
      await db
        .update(companyDocuments)
        .set(values)
        .where(and(eq(companyDocuments.id, documentId), eq(companyDocuments.conversionStatus, 'PROCESSING')));
    },

    async softDeleteVersions(companyId: number, documentIds: number[], at: Date) {
      const rows = await db
        .update(companyDocuments)
        .set({ deletedAt: at })
        .where(
          and(
            eq(companyDocuments.companyId, companyId),
            inArray(companyDocuments.id, documentIds),
            isNull(companyDocuments.deletedAt),
          ),
        )
        .returning({ id: companyDocuments.id });
      return rows.length;
    },

    /** Latest version per company and type of every document that has an expiration date, for the reminders. */
    async reminderCandidates() {
      return db
        .selectDistinctOn([companyDocuments.companyId, companyDocuments.documentTypeId], {
          documentId: companyDocuments.id,
          companyId: companyDocuments.companyId,
          expirationDate: companyDocuments.expirationDate,
          reviewStatus: companyDocuments.reviewStatus,
          documentTypeName: documentTypes.name,
          documentTypeSeedKey: documentTypes.seedKey,
          dayPriorNotify: documentTypes.dayPriorNotify,
        })
        .from(companyDocuments)
        .innerJoin(documentTypes, eq(documentTypes.id, companyDocuments.documentTypeId))
        .where(and(isNull(companyDocuments.deletedAt), isNull(documentTypes.deletedAt)))
        .orderBy(companyDocuments.companyId, companyDocuments.documentTypeId, desc(companyDocuments.version))
        .then((rows) => rows.filter((r) => r.expirationDate !== null && r.reviewStatus !== 'rejected'));
    },

    /** Records a reminder; false when this version's threshold was already sent. */
    async claimReminder(documentId: number, threshold: 'BEFORE' | 'ON_EXPIRY') {
      const rows = await db
        .insert(documentReminders)
        .values({ documentId, threshold })
        .onConflictDoNothing()
        .returning({ documentId: documentReminders.documentId });
      return rows.length > 0;
    },

    async releaseReminder(documentId: number, threshold: 'BEFORE' | 'ON_EXPIRY') {
      await db
        .delete(documentReminders)
        .where(and(eq(documentReminders.documentId, documentId), eq(documentReminders.threshold, threshold)));
    },

    /**
     * Pending versions to review: every company's for a super admin (null), else those of the clients
     * the given reviewer companies are assigned to.
     */
    async reviewQueue(reviewerCompanyIds: number[] | null) {
      const base = db
        .select({
          plCompanyId: companies.id,
          companyName: companies.name,
          documentTypeId: documentTypes.id,
          documentTypeName: documentTypes.name,
          documentTypeSeedKey: documentTypes.seedKey,
          documentId: companyDocuments.id,
          reviewStatus: companyDocuments.reviewStatus,
          uploadedAt: companyDocuments.createdAt,
        })
        .from(companyDocuments)
        .innerJoin(companies, eq(companies.id, companyDocuments.companyId))
        .innerJoin(documentTypes, eq(documentTypes.id, companyDocuments.documentTypeId));
      const pending = and(isNull(companyDocuments.deletedAt), eq(companyDocuments.reviewStatus, 'pending'));
      if (reviewerCompanyIds === null) {
        return base.where(pending).orderBy(asc(companyDocuments.createdAt)).limit(200);
      }
      if (reviewerCompanyIds.length === 0) return [];
      const clients = db
        .select({ id: documentReviewers.clientCompanyId })
        .from(documentReviewers)
        .where(inArray(documentReviewers.reviewerCompanyId, reviewerCompanyIds));
      return base
        .where(and(pending, inArray(companies.id, clients)))
        .orderBy(asc(companyDocuments.createdAt))
        .limit(200);
    },

    // ---- notes ----
    async listNotes(documentId: number) {
      return db
        .select({
          plNoteId: documentNotes.id,
          note: documentNotes.note,
          firstName: users.firstName,
          lastName: users.lastName,
          createdAt: documentNotes.createdAt,
        })
        .from(documentNotes)
        .leftJoin(users, eq(users.id, documentNotes.userId))
        .where(eq(documentNotes.documentId, documentId))
        .orderBy(desc(documentNotes.createdAt), desc(documentNotes.id));
    },

    async addNote(documentId: number, userId: number, note: string) {
      await db.insert(documentNotes).values({ documentId, userId, note });
    },

    // ---- COA uploads ----
    async insertCoaUpload(values: typeof coaUploads.$inferInsert) {
      const [row] = await db.insert(coaUploads).values(values).returning();
      return row!;
    },

    async findCoaUpload(id: number) {
      const [row] = await db.select().from(coaUploads).where(eq(coaUploads.id, id));
      return row ?? null;
    },

    async updateCoaUpload(id: number, values: Partial<typeof coaUploads.$inferInsert>) {
      await db.update(coaUploads).set(values).where(eq(coaUploads.id, id));
    },

    async latestCoaUploads(companyId: number) {
      return db
        .select()
        .from(coaUploads)
        .where(eq(coaUploads.companyId, companyId))
        .orderBy(desc(coaUploads.createdAt))
        .limit(20);
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
