import {
  DOCUMENT_TYPE_MESSAGES,
  needsDayPriorNotify,
  normalizeLoadedDocumentType,
} from '@trustleaf/domain/rules/document-types';
import { fieldIssue } from '@trustleaf/domain/validation-issues';
import type {
  DocumentType,
  DocumentTypeDetail,
  GetDocumentTypeDetailInput,
  UpsertDocumentTypeInput,
  UpsertReasonInput,
} from '@trustleaf/domain/schemas/document';
import type { AuthContext } from '../../lib/authz.ts';
import { NAMED_REFUSALS } from '@trustleaf/domain/refusals';
import { refusal, validationFailed } from '../../lib/errors.ts';
import {
  DOCUMENT_REFUSALS,
  NOT_FOUND,
  toTypeSummary,
  type DocumentAccess,
  type DocumentsServiceDeps,
} from './documents.access.ts';

/** Document types (spec 2) and rejection reasons: the super admin's lists, and a type with a company's versions. */
export function createDocumentTypesService(deps: DocumentsServiceDeps, access: DocumentAccess) {
  const { repo, clock } = deps;
  const { toVersion, requireDocumentRead, typeOf, requireSuperAdmin } = access;
  async function reasonListing() {
    const reasons = await repo.listReasons();
    return {
      reasons: reasons.map((r) => ({
        plReasonId: r.id,
        reasonName: r.reasonName,
        notification: r.notification,
        reasonType: 'REJECT' as const,
        seedKey: r.seedKey,
      })),
    };
  }

  return {
    reasonListing,

    async documentTypeListing(): Promise<{ plDocumentTypes: DocumentType[] }> {
      const [types, names] = await Promise.all([repo.listDocumentTypes(), repo.businessTypeNames()]);
      const nameOf = new Map(names.map((n) => [n.id, n.name]));
      return {
        plDocumentTypes: types.map((raw) => {
          const type = normalizeLoadedDocumentType(raw);
          return {
            plDocumentTypeId: type.id,
            name: type.name,
            licenseCheck: type.licenseCheck,
            certificationCheck: type.certificationCheck,
            expirationCheck: type.expirationCheck,
            dayPriorNotify: type.dayPriorNotify,
            plBusinessTypeIds: type.businessTypeIds,
            plBusinessTypes: type.businessTypeIds
              .filter((id) => nameOf.has(id))
              .map((id) => ({ id, name: nameOf.get(id)! })),
            seedKey: type.seedKey,
          };
        }),
      };
    },

    async upsertDocumentType(auth: AuthContext, input: UpsertDocumentTypeInput): Promise<void> {
      requireSuperAdmin(auth);
      const targeted = input.plDocumentTypes.flatMap((c) =>
        c.action === 'insert' ? [] : [c.plDocumentTypeId],
      );
      const existing = await repo.existingDocumentTypeIds(targeted);
      const missing = targeted.find((id) => !existing.has(id));
      if (missing) throw refusal('NOT_FOUND', NAMED_REFUSALS.documentTypeIdNotFound(missing));
      const knownBusinessTypes = new Set((await repo.businessTypeNames()).map((b) => b.id));
      const { duplicateName } = await repo.applyDocumentTypeChanges(
        input.plDocumentTypes.map((change, index) => {
          if (change.action === 'delete') return { action: 'delete' as const, id: change.plDocumentTypeId };
          const unknown = change.plBusinessTypeIds.find((id) => !knownBusinessTypes.has(id));
          if (unknown) throw refusal('VALIDATION_FAILED', NAMED_REFUSALS.businessTypeIdNotFound(unknown));
          const locked = change.licenseCheck || change.certificationCheck;
          const expirationCheck = locked || change.expirationCheck;
          if (change.licenseCheck && change.certificationCheck) {
            throw refusal('VALIDATION_FAILED', DOCUMENT_REFUSALS.licenceOrCertification);
          }
          if (needsDayPriorNotify(change)) {
            // Named by the change's index, as the schema names its issues, for the editor to show on its row.
            throw validationFailed([
              fieldIssue(
                `plDocumentTypes.${index}.dayPriorNotify`,
                DOCUMENT_TYPE_MESSAGES.dayPriorNotifyRequired,
              ),
            ]);
          }
          const values = {
            name: change.name,
            licenseCheck: change.licenseCheck,
            certificationCheck: change.certificationCheck,
            expirationCheck,
            dayPriorNotify: change.dayPriorNotify,
            businessTypeIds: [...new Set(change.plBusinessTypeIds)],
          };
          return change.action === 'insert'
            ? { action: 'insert' as const, values }
            : { action: 'update' as const, id: change.plDocumentTypeId, values };
        }),
        clock.now(),
      );
      if (duplicateName !== null) throw refusal('CONFLICT', DOCUMENT_REFUSALS.typeNameExists(duplicateName));
    },

    async getDocumentTypeDetail(
      auth: AuthContext,
      input: GetDocumentTypeDetailInput,
    ): Promise<DocumentTypeDetail> {
      await requireDocumentRead(auth, input.plCompanyId);
      // A super admin passes the read check for any id: an unknown company is refused, not listed empty.
      if (!(await repo.findCompany(input.plCompanyId))) throw refusal('NOT_FOUND', NOT_FOUND);
      const type = await typeOf(input.documentTypeId);
      const versions = await repo.listVersions(input.plCompanyId, type.id);
      const filtered = input.addressOfLicense
        ? versions.filter((v) => (v.licenseAddress ?? '') === input.addressOfLicense)
        : versions;
      return {
        documentType: toTypeSummary(type),
        documents: filtered.map((v) => toVersion(v, type)),
      };
    },

    async upsertReason(auth: AuthContext, input: UpsertReasonInput) {
      requireSuperAdmin(auth);
      if (input.plReasons.length === 0) return reasonListing();
      const targeted = input.plReasons.flatMap((c) => (c.action === 'INSERT' ? [] : [c.plReasonId]));
      const existing = await repo.existingReasonIds(targeted);
      const missing = targeted.find((id) => !existing.has(id));
      if (missing) throw refusal('NOT_FOUND', NAMED_REFUSALS.reasonIdNotFound(missing));
      const duplicateName = await repo.applyReasonChanges(
        input.plReasons.map((c) =>
          c.action === 'INSERT'
            ? { action: c.action, reasonName: c.reasonName, notification: c.notification }
            : c.action === 'UPDATE'
              ? { action: c.action, id: c.plReasonId, reasonName: c.reasonName, notification: c.notification }
              : { action: c.action, id: c.plReasonId },
        ),
        clock.now(),
      );
      if (duplicateName !== null)
        throw refusal('CONFLICT', DOCUMENT_REFUSALS.reasonNameExists(duplicateName));
      return reasonListing();
    },
  };
}
export type DocumentTypesService = ReturnType<typeof createDocumentTypesService>;
