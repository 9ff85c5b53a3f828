import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { createLinkSigner } from '../../lib/storage.ts';
import type { FilesService } from '../files/files.service.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { DocumentsJobs } from './documents.jobs.ts';
import { RECENT_LICENSE_STATUS_CHANGE_DAYS } from '@trustleaf/domain/rules/document-review';
import { isExpired, isExpiringSoon, todayIn } from '@trustleaf/domain/rules/document-status';
import { normalizeLoadedDocumentType } from '@trustleaf/domain/rules/document-types';
import { MENU_FEATURES } from '@trustleaf/domain/reference/features';
import type { DocumentVersion } from '@trustleaf/domain/schemas/document';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import type { DocumentsRepository, DocumentTypeRowDb, VersionRow } from './documents.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import { keyedMessages, type KeyedMessage } from '@trustleaf/domain/validation-issues';

export interface DocumentsServiceDeps {
  companyAccess: CompanyAccess;
  repo: DocumentsRepository;
  files: FilesService;
  links: ReturnType<typeof createLinkSigner>;
  clock: Clock;
  jobs: JobQueue;
  definitions: DocumentsJobs;
  mailer: Mailer;
  appUrl: string;
  /** The activity log: each review is recorded in the reviewed company's log. */
  record: RecordActivity;
  /** Billing's gating: the one rule (`featureStatus`) for a company's plan, and its 402 refusal. */
  features: {
    featureAccess(auth: AuthContext, companyId: number, featureKey: string): Promise<FeatureStatus>;
    assertFeature(auth: AuthContext, companyId: number, featureKey: string): Promise<void>;
  };
}

/** A short-lived signed link's lifetime. */
export const DOCUMENT_LINK_TTL_MS = 5 * 60 * 1000;
/** The vault's and the review's refusals with their locale keys (`documents.messages.*`). */
export const DOCUMENT_REFUSALS = {
  ...keyedMessages('documents.messages', {
    documentNotFound: 'Document not found',
    fileTypeNotSupported: 'File Type Is Not Supported',
    cannotUploadFile: 'Cannot upload your file',
    cannotUploadDocument: 'Cannot upload your document',
    uploadAlreadyFiled: 'This file is already filed: upload it again to add another version',
    ownDocuments: 'A company cannot review its own documents',
    onlyLatestReviewed: 'Only the latest document version can be reviewed',
    typeNotForCompany: 'This document type does not apply to your company',
    licenceOrCertification: 'A document type is either a licence or a certification',
    coaTooLarge: 'The files are larger than 20 MB together',
  }),
  /** Fields of a review that only a super admin may send, named in the refusal. */
  /** Spec 2 document types: a name is used by one type at most, whatever its case. */
  typeNameExists: (name: string): KeyedMessage => ({
    key: 'documents.messages.typeNameExists',
    message: `A document type named ${name} already exists`,
    params: { name },
  }),
  /** A rejection reason's name is used by one live reason at most, whatever its case. */
  reasonNameExists: (name: string): KeyedMessage => ({
    key: 'documents.messages.reasonNameExists',
    message: `A rejection reason named ${name} already exists`,
    params: { name },
  }),
  fieldsForbidden: (fields: readonly string[]): KeyedMessage => ({
    key: 'documents.messages.fieldsForbidden',
    message: `You may not change ${fields.join(', ')}`,
    params: { fields: fields.join(', ') },
  }),
};
export const NOT_FOUND = DOCUMENT_REFUSALS.documentNotFound;
/** The vault and document review are one module behind one feature key (spec 3 §2 and §6). */
const VAULT = MENU_FEATURES.qVault;

export function classificationOf(type: Pick<DocumentTypeRowDb, 'licenseCheck' | 'certificationCheck'>) {
  if (type.licenseCheck) return 'LICENSE' as const;
  if (type.certificationCheck) return 'CERTIFICATION' as const;
  return 'GENERIC' as const;
}

/** A document type as a vault row and a type detail show it (spec 3 §3 "Document type detail"). */
export function toTypeSummary(
  type: Pick<
    DocumentTypeRowDb,
    'id' | 'name' | 'seedKey' | 'licenseCheck' | 'certificationCheck' | 'expirationCheck' | 'dayPriorNotify'
  >,
) {
  return {
    documentTypeId: type.id,
    documentTypeName: type.name,
    documentTypeSeedKey: type.seedKey,
    licenseCheck: type.licenseCheck,
    certificationCheck: type.certificationCheck,
    expirationCheck: type.expirationCheck,
    dayPriorNotify: type.dayPriorNotify,
  };
}

/**
 * Who may read, upload and review a company's documents, and the version read model every part of
 * the vault answers with.
 */
export function createDocumentAccess(deps: DocumentsServiceDeps) {
  const { companyAccess, repo, clock, features, links } = deps;
  const today = () => todayIn(clock.now());

  /** A signed link, valid DOCUMENT_LINK_TTL_MS, to a version's original file or its viewable copy. */
  function fileLink(documentId: number, variant: 'original' | 'view') {
    const expires = clock.now().getTime() + DOCUMENT_LINK_TTL_MS;
    const query = new URLSearchParams({
      documentId: String(documentId),
      variant,
      expires: String(expires),
      sig: links.sign(`document:${documentId}:${variant}`, expires),
    });
    return { url: `/api/document/file?${query.toString()}`, expiresAt: new Date(expires).toISOString() };
  }

  function toVersion(
    row: VersionRow,
    type: Pick<DocumentTypeRowDb, 'dayPriorNotify' | 'expirationCheck'>,
  ): DocumentVersion {
    const day = today();
    const expiry = type.expirationCheck ? row.expirationDate : null;
    const expired = isExpired(expiry, day);
    const changedAt = row.stateLicenseStatusChangedAt;
    return {
      documentId: row.id,
      documentTypeId: row.documentTypeId,
      plCompanyId: row.companyId,
      version: row.version,
      fileName: row.fileName,
      reviewStatus: row.reviewStatus,
      isExpired: expired,
      isExpireSoon: !expired && isExpiringSoon(expiry, day, type.dayPriorNotify),
      conversionStatus: row.conversionStatus,
      // Spec 3 §3 documentResource.url: the original file, through the same five-minute signed link
      // getDownloadLink hands out (never a stored public path), for a caller who may read it.
      documentResource: { url: fileLink(row.id, 'original').url, resourceId: row.id },
      licenseCountry: row.licenseCountry,
      licenseState: row.licenseState,
      licenseAddress: row.licenseAddress,
      licenseNumber: row.licenseNumber,
      validationMethod: row.validationMethod,
      stateLicenseStatus: row.stateLicenseStatus,
      isLicenseStatusRecentlyChange:
        changedAt !== null &&
        clock.now().getTime() - changedAt.getTime() < RECENT_LICENSE_STATUS_CHANGE_DAYS * 864e5,
      expirationDate: row.expirationDate,
      reviewComment: row.reviewComment,
      reasonId: row.rejectReasonId,
      reasonName: row.reasonName,
      businessTypeId: row.businessTypeId,
      rtqRequired: row.rtqRequired,
      uploadedAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    };
  }

  /**
   * The vault is gated by the company's plan (q_vault): a member uses the company's documents only
   * while its plan grants the vault, else 402 PLAN_LIMIT_REACHED. Super admins administer every
   * company's vault and are not gated. Call after the membership check, so outsiders still get 404.
   */
  async function requireVault(auth: AuthContext, companyId: number) {
    if (!auth.isSuperAdmin) await features.assertFeature(auth, companyId, VAULT);
  }

  /**
   * The reviewer companies through which the user reviews (the client's, or any client's), and those
   * of them whose own plan grants the vault: a reviewer company reviews through its Document Review
   * module, which the same key gates, whatever the client's plan.
   */
  async function reviewerCompanies(auth: AuthContext, clientCompanyId?: number) {
    const all = await repo.reviewerCompaniesOf(auth.userId, clientCompanyId);
    const granted: number[] = [];
    for (const id of all) {
      if ((await features.featureAccess(auth, id, VAULT)) === 'NORMAL') granted.push(id);
    }
    return { all, granted };
  }

  /** 402 for a reviewer whose reviewer companies' plans do not grant the vault. */
  async function refuseReviewerWithoutVault(auth: AuthContext, reviewerCompanyIds: number[]) {
    if (reviewerCompanyIds.length > 0) await features.assertFeature(auth, reviewerCompanyIds[0]!, VAULT);
  }

  /**
   * Read access to a company's documents: its members (through the company access check), super admins,
   * and the owners and admins of a reviewer company assigned to it. Anyone else gets 404. Members and
   * reviewers need the vault in their own company's plan (402 otherwise).
   */
  async function requireDocumentRead(auth: AuthContext, companyId: number) {
    if (auth.isSuperAdmin) return;
    const reviewers = await reviewerCompanies(auth, companyId);
    if (reviewers.granted.length > 0) return;
    try {
      await companyAccess.require(auth, companyId);
    } catch {
      await refuseReviewerWithoutVault(auth, reviewers.all);
      throw refusal('NOT_FOUND', NOT_FOUND);
    }
    await requireVault(auth, companyId);
  }

  /** Reviewers: super admins and assigned reviewer companies (with the vault); never the company itself. */
  async function requireReviewer(auth: AuthContext, companyId: number) {
    if (auth.isSuperAdmin) return;
    if (await repo.isMember(auth.userId, companyId)) {
      throw refusal('FORBIDDEN', DOCUMENT_REFUSALS.ownDocuments);
    }
    const reviewers = await reviewerCompanies(auth, companyId);
    if (reviewers.granted.length > 0) return;
    await refuseReviewerWithoutVault(auth, reviewers.all);
    throw refusal('NOT_FOUND', NOT_FOUND);
  }

  async function loadVersion(auth: AuthContext, documentId: number) {
    const row = await repo.findVersion(documentId);
    if (!row) throw refusal('NOT_FOUND', NOT_FOUND);
    await requireDocumentRead(auth, row.companyId);
    return row;
  }

  async function typeOf(documentTypeId: number) {
    const type = await repo.findDocumentType(documentTypeId);
    if (!type) throw refusal('NOT_FOUND', COMMON_REFUSALS.documentTypeNotFound);
    return normalizeLoadedDocumentType(type);
  }

  function requireSuperAdmin(auth: AuthContext) {
    if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.superAdminOnly);
  }

  return {
    today,
    toVersion,
    fileLink,
    requireVault,
    reviewerCompanies,
    refuseReviewerWithoutVault,
    requireDocumentRead,
    requireReviewer,
    loadVersion,
    typeOf,
    requireSuperAdmin,
  };
}
export type DocumentAccess = ReturnType<typeof createDocumentAccess>;
