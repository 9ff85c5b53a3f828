import { uploadDocumentIssues } from '@trustleaf/domain/rules/document-upload';
import { todayIn } from '@trustleaf/domain/rules/document-status';
import { normalizeLoadedDocumentType } from '@trustleaf/domain/rules/document-types';
import type {
  CompanyDocument,
  DocumentKindFilter,
  DocumentVersion,
  UploadDocumentInput,
} from '@trustleaf/domain/schemas/document';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal, validationFailed } from '../../lib/errors.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** A viewable copy not there (409) with its locale keys (`documents.messages.*`). */
const VIEW_REFUSALS = {
  stillProcessing: { key: 'documents.messages.stillProcessing', message: 'Document is being PROCESSING' },
  processingFailed: { key: 'documents.messages.processingFailed', message: 'Document was FAILED to process' },
};
import type { VersionRow } from './documents.repository.ts';
import {
  type DocumentAccess,
  type DocumentsServiceDeps,
  classificationOf,
  toTypeSummary,
  DOCUMENT_REFUSALS,
  NOT_FOUND,
} from './documents.access.ts';

/** A company's documents: the listing, each upload as a new version, signed file links and notes. */
export function createDocumentVersionsService(deps: DocumentsServiceDeps, access: DocumentAccess) {
  const { companyAccess, repo, files, links, clock, jobs, definitions } = deps;
  const { toVersion, fileLink, requireVault, requireDocumentRead, loadVersion, typeOf } = access;
  async function listNotes(auth: AuthContext, documentId: number) {
    await loadVersion(auth, documentId);
    const notes = await repo.listNotes(documentId);
    return {
      notes: notes.map((n) => ({
        plNoteId: n.plNoteId,
        note: n.note,
        author: [n.firstName, n.lastName].filter(Boolean).join(' ') || 'Former member',
        createdAt: n.createdAt.toISOString(),
      })),
    };
  }

  return {
    listNotes,

    async listDocuments(
      auth: AuthContext,
      companyId: number,
      classification?: DocumentKindFilter,
    ): Promise<{ documents: CompanyDocument[] }> {
      await requireDocumentRead(auth, companyId);
      const company = await repo.findCompany(companyId);
      if (!company) throw refusal('NOT_FOUND', NOT_FOUND);
      const [types, versions] = await Promise.all([
        repo.listDocumentTypes(),
        repo.listCompanyVersions(companyId),
      ]);
      const byType = new Map<number, VersionRow[]>();
      for (const version of versions) {
        byType.set(version.documentTypeId, [...(byType.get(version.documentTypeId) ?? []), version]);
      }
      const documents: CompanyDocument[] = [];
      for (const raw of types) {
        const type = normalizeLoadedDocumentType(raw);
        const own = byType.get(type.id) ?? [];
        const applies =
          company.businessTypeId === null || type.businessTypeIds.includes(company.businessTypeId);
        if (!applies && own.length === 0) continue;
        const kind = classificationOf(type);
        if (classification && classification !== kind) continue;
        documents.push({
          documentType: { ...toTypeSummary(type), classification: kind },
          latest: own[0] ? toVersion(own[0], type) : null,
          versionCount: own.length,
        });
      }
      return { documents };
    },

    async getDocument(auth: AuthContext, documentId: number) {
      const row = await loadVersion(auth, documentId);
      const stored = await repo.findDocumentTypeAny(row.documentTypeId);
      if (!stored) throw refusal('NOT_FOUND', NOT_FOUND);
      const type = normalizeLoadedDocumentType(stored);
      const versions = await repo.listVersions(row.companyId, row.documentTypeId);
      return { document: toVersion(row, type), versions: versions.map((v) => toVersion(v, type)) };
    },

    /** Each upload is a new version of the company's document for that type. */
    async uploadDocument(auth: AuthContext, input: UploadDocumentInput): Promise<DocumentVersion> {
      await companyAccess.require(auth, input.plCompanyId, ['Company Owner', 'Company Admin', 'User']);
      await requireVault(auth, input.plCompanyId);
      const type = await typeOf(input.documentTypeId);
      const company = await repo.findCompany(input.plCompanyId);
      if (!company) throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
      if (company.businessTypeId !== null && !type.businessTypeIds.includes(company.businessTypeId)) {
        throw refusal('VALIDATION_FAILED', DOCUMENT_REFUSALS.typeNotForCompany);
      }
      const file = await files.findUpload(input.uploadKey);
      // An upload of another company, or stored for another purpose, is refused as unknown. Spec 1 §7
      // and 2 §7 preupload a file alone (no company, mode 'any'): the caller's own such upload is
      // theirs to file, and 'any' takes exactly the document types, under the same limit.
      const isCallers =
        file?.companyId === input.plCompanyId ||
        (file?.companyId === null && file.uploadedBy === auth.userId);
      if (!file || !isCallers) throw refusal('NOT_FOUND', DOCUMENT_REFUSALS.cannotUploadDocument);
      if (file.mode !== 'document' && file.mode !== 'any')
        throw refusal('VALIDATION_FAILED', DOCUMENT_REFUSALS.fileTypeNotSupported);
      // The upload dialog's own rule: the fields the type asks for, and no expiry in the past.
      const issues = uploadDocumentIssues(input, { ...type, today: todayIn(clock.now()) });
      if (issues.length > 0) throw validationFailed(issues);
      const row = await repo.insertVersion({
        companyId: input.plCompanyId,
        documentTypeId: type.id,
        fileKey: file.key,
        fileName: file.originalName,
        mimeType: file.extension,
        sizeBytes: file.size,
        expirationDate: type.expirationCheck ? (input.expirationDate ?? null) : null,
        licenseNumber: input.licenseNumber ?? null,
        licenseCountry: input.licenseCountry ?? null,
        licenseState: input.licenseState ?? null,
        licenseAddress: input.licenseAddress ?? null,
        businessTypeId: company.businessTypeId,
        uploadedBy: auth.userId,
      });
      if (!row) throw refusal('CONFLICT', DOCUMENT_REFUSALS.uploadAlreadyFiled);
      await jobs.enqueue(definitions.convert, { documentId: row.id }, { singletonKey: `convert-${row.id}` });
      const fresh = await repo.findVersion(row.id);
      return toVersion(fresh!, type);
    },

    async deleteDocuments(auth: AuthContext, companyId: number, documentIds: number[]) {
      await companyAccess.require(auth, companyId, ['Company Owner', 'Company Admin']);
      await requireVault(auth, companyId);
      const deleted = await repo.softDeleteVersions(companyId, documentIds, clock.now());
      if (deleted === 0) throw refusal('NOT_FOUND', NOT_FOUND);
      return { deleted };
    },

    /** A short-lived signed link to the original file or its viewable copy. */
    async getDownloadLink(auth: AuthContext, documentId: number, variant: 'original' | 'view') {
      const row = await loadVersion(auth, documentId);
      if (variant === 'view') {
        if (row.conversionStatus === 'PROCESSING') throw refusal('CONFLICT', VIEW_REFUSALS.stillProcessing);
        if (row.conversionStatus === 'FAILED' || !row.viewKey) {
          throw refusal('CONFLICT', VIEW_REFUSALS.processingFailed);
        }
      }
      return fileLink(row.id, variant);
    },

    async openSigned(documentId: number, variant: 'original' | 'view', expires: number, signature: string) {
      links.assertValid(`document:${documentId}:${variant}`, expires, signature, clock.now().getTime());
      const row = await repo.findVersion(documentId);
      if (!row) throw refusal('NOT_FOUND', NOT_FOUND);
      const key = variant === 'view' ? row.viewKey : row.fileKey;
      if (!key) throw refusal('NOT_FOUND', NOT_FOUND);
      const viewIsPdf = variant === 'view' && key !== row.fileKey;
      return {
        key,
        fileName: viewIsPdf ? row.fileName.replace(/\.[^.]+$/, '') + '.pdf' : row.fileName,
        extension: viewIsPdf ? 'pdf' : row.mimeType,
      };
    },

    async addNote(auth: AuthContext, documentId: number, note: string) {
      await loadVersion(auth, documentId);
      await repo.addNote(documentId, auth.userId, note);
      return listNotes(auth, documentId);
    },
  };
}
export type DocumentVersionsService = ReturnType<typeof createDocumentVersionsService>;
