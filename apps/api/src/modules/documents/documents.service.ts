import {
  forbiddenReviewFields,
  RECENT_LICENSE_STATUS_CHANGE_DAYS,
  showsLicenseBlock,
} from '@trustleaf/domain/rules/document-review';
import { daysBetween, isExpired, isExpiringSoon, todayIn } from '@trustleaf/domain/rules/document-status';
import { normalizeLoadedDocumentType } from '@trustleaf/domain/rules/document-types';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { MENU_FEATURES } from '@trustleaf/domain/reference/features';
import { COA_BATCH_MAX_BYTES } from '@trustleaf/domain/schemas/document';
import type {
  CoaUploadJob,
  CompanyDocument,
  DocumentClassification,
  DocumentType,
  DocumentTypeDetail,
  DocumentVersion,
  GetDocumentTypeDetailInput,
  UpdateReviewStatusInput,
  UploadDocumentInput,
  UpsertDocumentTypeInput,
  UpsertReasonInput,
} from '@trustleaf/domain/schemas/document';
import type { Db } from '../../db/client.ts';
import { requireCompanyAccess, type AuthContext } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import type { createLinkSigner } from '../../lib/storage.ts';
import type { FilesService } from '../files/files.service.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import type { DocumentsJobs } from './documents.jobs.ts';
import type {
  CoaUploadRow,
  DocumentsRepository,
  DocumentTypeRowDb,
  VersionRow,
} from './documents.repository.ts';
import { toCoaJob } from './documents.jobs.ts';

export const DOCUMENT_LINK_TTL_MS = 5 * 60 * 1000;
const NOT_FOUND = 'Document not found';
/** The vault and document review are one module behind one feature key (spec 3 §2 and §6). */
const VAULT = MENU_FEATURES.qVault;

export interface DocumentsServiceDeps {
  db: Db;
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

export function classificationOf(type: Pick<DocumentTypeRowDb, 'licenseCheck' | 'certificationCheck'>) {
  if (type.licenseCheck) return 'LICENSE' as const;
  if (type.certificationCheck) return 'CERTIFICATION' as const;
  return 'GENERIC' as const;
}

export function createDocumentsService(deps: DocumentsServiceDeps) {
  const { db, repo, files, links, clock, jobs, definitions, mailer, features } = deps;
  const today = () => todayIn(clock.now());

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
      // The url is a short-lived link handed out by getDownloadLink, never a stored public path.
      documentResource: { url: null, resourceId: row.id },
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
   * Read access to a company's documents: its members (through requireCompanyAccess), super admins,
   * and the owners and admins of a reviewer company assigned to it. Anyone else gets 404. Members and
   * reviewers need the vault in their own company's plan (402 otherwise).
   */
  async function requireDocumentRead(auth: AuthContext, companyId: number) {
    if (auth.isSuperAdmin) return;
    const reviewers = await reviewerCompanies(auth, companyId);
    if (reviewers.granted.length > 0) return;
    try {
      await requireCompanyAccess(db, auth, companyId);
    } catch {
      await refuseReviewerWithoutVault(auth, reviewers.all);
      throw new AppError('NOT_FOUND', NOT_FOUND);
    }
    await requireVault(auth, companyId);
  }

  /** Reviewers: super admins and assigned reviewer companies (with the vault); never the company itself. */
  async function requireReviewer(auth: AuthContext, companyId: number) {
    if (auth.isSuperAdmin) return;
    if (await repo.isMember(auth.userId, companyId)) {
      throw new AppError('FORBIDDEN', 'A company cannot review its own documents');
    }
    const reviewers = await reviewerCompanies(auth, companyId);
    if (reviewers.granted.length > 0) return;
    await refuseReviewerWithoutVault(auth, reviewers.all);
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }

  async function loadVersion(auth: AuthContext, documentId: number) {
    const row = await repo.findVersion(documentId);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await requireDocumentRead(auth, row.companyId);
    return row;
  }

  async function typeOf(documentTypeId: number) {
    const type = await repo.findDocumentType(documentTypeId);
    if (!type) throw new AppError('NOT_FOUND', 'Document type not found');
    return normalizeLoadedDocumentType(type);
  }

  function requireSuperAdmin(auth: AuthContext) {
    if (!auth.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a super admin can do this');
  }

  async function mailOwners(companyId: number, subject: string, lines: string[]) {
    const recipients = await repo.ownerAndAdminEmails(companyId);
    for (const recipient of recipients) {
      const text = [`Hello ${recipient.firstName},`, '', ...lines].join('\n');
      const html = [
        `<p>Hello ${escapeHtml(recipient.firstName)},</p>`,
        ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      ].join('');
      await mailer.send({ to: recipient.email, subject, text, html });
    }
    return recipients.length;
  }

  return {
    // ---- document types (spec 2) ----
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
      if (missing) throw new AppError('NOT_FOUND', `Document type ${missing} not found`);
      const knownBusinessTypes = new Set((await repo.businessTypeNames()).map((b) => b.id));
      await repo.applyDocumentTypeChanges(
        input.plDocumentTypes.map((change) => {
          if (change.action === 'delete') return { action: 'delete' as const, id: change.plDocumentTypeId };
          const unknown = change.plBusinessTypeIds.find((id) => !knownBusinessTypes.has(id));
          if (unknown) throw new AppError('VALIDATION_FAILED', `Business type ${unknown} not found`);
          const locked = change.licenseCheck || change.certificationCheck;
          const expirationCheck = locked || change.expirationCheck;
          if (change.licenseCheck && change.certificationCheck) {
            throw new AppError('VALIDATION_FAILED', 'A document type is either a licence or a certification');
          }
          if (expirationCheck && change.dayPriorNotify === null) {
            throw new AppError('VALIDATION_FAILED', 'Days prior notify is required when expiration is on', {
              field: 'dayPriorNotify',
            });
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
    },

    async getDocumentTypeDetail(
      auth: AuthContext,
      input: GetDocumentTypeDetailInput,
    ): Promise<DocumentTypeDetail> {
      await requireDocumentRead(auth, input.plCompanyId);
      const type = await typeOf(input.documentTypeId);
      const versions = await repo.listVersions(input.plCompanyId, type.id);
      const filtered = input.addressOfLicense
        ? versions.filter((v) => (v.licenseAddress ?? '') === input.addressOfLicense)
        : versions;
      return {
        documentType: {
          documentTypeId: type.id,
          documentTypeName: type.name,
          licenseCheck: type.licenseCheck,
          certificationCheck: type.certificationCheck,
          expirationCheck: type.expirationCheck,
          dayPriorNotify: type.dayPriorNotify,
        },
        documents: filtered.map((v) => toVersion(v, type)),
      };
    },

    // ---- company documents ----
    async listDocuments(
      auth: AuthContext,
      companyId: number,
      classification?: DocumentClassification,
    ): Promise<{ documents: CompanyDocument[] }> {
      await requireDocumentRead(auth, companyId);
      const company = await repo.findCompany(companyId);
      if (!company) throw new AppError('NOT_FOUND', NOT_FOUND);
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
          documentType: {
            documentTypeId: type.id,
            documentTypeName: type.name,
            licenseCheck: type.licenseCheck,
            certificationCheck: type.certificationCheck,
            expirationCheck: type.expirationCheck,
            dayPriorNotify: type.dayPriorNotify,
            classification: kind,
          },
          latest: own[0] ? toVersion(own[0], type) : null,
          versionCount: own.length,
        });
      }
      return { documents };
    },

    async getDocument(auth: AuthContext, documentId: number) {
      const row = await loadVersion(auth, documentId);
      const stored = await repo.findDocumentTypeAny(row.documentTypeId);
      if (!stored) throw new AppError('NOT_FOUND', NOT_FOUND);
      const type = normalizeLoadedDocumentType(stored);
      const versions = await repo.listVersions(row.companyId, row.documentTypeId);
      return { document: toVersion(row, type), versions: versions.map((v) => toVersion(v, type)) };
    },

    /** Each upload is a new version of the company's document for that type. */
    async uploadDocument(auth: AuthContext, input: UploadDocumentInput): Promise<DocumentVersion> {
      await requireCompanyAccess(db, auth, input.plCompanyId, ['Company Owner', 'Company Admin', 'User']);
      await requireVault(auth, input.plCompanyId);
      const type = await typeOf(input.documentTypeId);
      const company = await repo.findCompany(input.plCompanyId);
      if (!company) throw new AppError('NOT_FOUND', 'Company not found');
      if (company.businessTypeId !== null && !type.businessTypeIds.includes(company.businessTypeId)) {
        throw new AppError('VALIDATION_FAILED', 'This document type does not apply to your company');
      }
      const file = await files.findUpload(input.uploadKey);
      // An upload of another company, or stored for another purpose, is refused as unknown.
      if (!file || file.companyId !== input.plCompanyId)
        throw new AppError('NOT_FOUND', 'Cannot upload your document');
      if (file.mode !== 'document') throw new AppError('VALIDATION_FAILED', 'File Type Is Not Supported');
      if (type.expirationCheck) {
        if (!input.expirationDate) {
          throw new AppError('VALIDATION_FAILED', 'Expiration Date is required', { field: 'expirationDate' });
        }
      }
      if (showsLicenseBlock(type) && !input.licenseNumber) {
        throw new AppError('VALIDATION_FAILED', 'License Number is required', { field: 'licenseNumber' });
      }
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
      await jobs.enqueue(definitions.convert, { documentId: row.id }, { singletonKey: `convert-${row.id}` });
      const fresh = await repo.findVersion(row.id);
      return toVersion(fresh!, type);
    },

    async deleteDocuments(auth: AuthContext, companyId: number, documentIds: number[]) {
      await requireCompanyAccess(db, auth, companyId, ['Company Owner', 'Company Admin']);
      await requireVault(auth, companyId);
      const deleted = await repo.softDeleteVersions(companyId, documentIds, clock.now());
      if (deleted === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
      return { deleted };
    },

    /** A short-lived signed link to the original file or its viewable copy. */
    async getDownloadLink(auth: AuthContext, documentId: number, variant: 'original' | 'view') {
      const row = await loadVersion(auth, documentId);
      if (variant === 'view') {
        if (row.conversionStatus === 'PROCESSING')
          throw new AppError('CONFLICT', 'Document is being PROCESSING');
        if (row.conversionStatus === 'FAILED' || !row.viewKey) {
          throw new AppError('CONFLICT', 'Document was FAILED to process');
        }
      }
      const expires = clock.now().getTime() + DOCUMENT_LINK_TTL_MS;
      const subject = `document:${row.id}:${variant}`;
      const query = new URLSearchParams({
        documentId: String(row.id),
        variant,
        expires: String(expires),
        sig: links.sign(subject, expires),
      });
      return { url: `/api/document/file?${query.toString()}`, expiresAt: new Date(expires).toISOString() };
    },

    async openSigned(documentId: number, variant: 'original' | 'view', expires: number, signature: string) {
      if (!links.verify(`document:${documentId}:${variant}`, expires, signature, clock.now().getTime())) {
        throw new AppError('FORBIDDEN', 'This link has expired');
      }
      const row = await repo.findVersion(documentId);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      const key = variant === 'view' ? row.viewKey : row.fileKey;
      if (!key) throw new AppError('NOT_FOUND', NOT_FOUND);
      const viewIsPdf = variant === 'view' && key !== row.fileKey;
      return {
        key,
        fileName: viewIsPdf ? row.fileName.replace(/\.[^.]+$/, '') + '.pdf' : row.fileName,
        extension: viewIsPdf ? 'pdf' : row.mimeType,
      };
    },

    // ---- notes ----
    async listNotes(auth: AuthContext, documentId: number) {
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
    },

    async addNote(auth: AuthContext, documentId: number, note: string) {
      await loadVersion(auth, documentId);
      await repo.addNote(documentId, auth.userId, note);
      return this.listNotes(auth, documentId);
    },

    // ---- review (spec 3 §6) ----
    async updateDocumentReviewStatus(auth: AuthContext, input: UpdateReviewStatusInput) {
      const forbidden = forbiddenReviewFields(input, auth.isSuperAdmin);
      if (forbidden.length > 0) {
        throw new AppError('VALIDATION_FAILED', `You may not change ${forbidden.join(', ')}`, {
          reason: 'forbidden-fields',
          fields: forbidden,
        });
      }
      const row = await repo.findVersion(input.documentId);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      await requireReviewer(auth, row.companyId);
      const type = await typeOf(row.documentTypeId);
      const [latest] = await repo.listVersions(row.companyId, row.documentTypeId);
      const isLatest = latest?.id === row.id;
      if (!isLatest && !(row.reviewStatus === 'rejected' && input.reviewStatus === 'rejected')) {
        throw new AppError('VALIDATION_FAILED', 'Only the latest document version can be reviewed');
      }
      let reasonNotification: string | null = null;
      if (input.reviewStatus === 'rejected') {
        if (!input.rejectReasonId) {
          throw new AppError('VALIDATION_FAILED', 'Reject Reason is required', { field: 'rejectReasonId' });
        }
        const reason = await repo.findReason(input.rejectReasonId);
        if (!reason)
          throw new AppError('VALIDATION_FAILED', 'Reject Reason is required', { field: 'rejectReasonId' });
        reasonNotification = reason.notification;
      }
      const expirationDate = input.expirationDate !== undefined ? input.expirationDate : row.expirationDate;
      if (type.expirationCheck) {
        if (input.expirationDate && daysBetween(today(), input.expirationDate) < 0) {
          throw new AppError('VALIDATION_FAILED', 'Expiration Date cannot be earlier than today', {
            field: 'expirationDate',
          });
        }
        if (input.reviewStatus === 'accepted' && !expirationDate) {
          throw new AppError('VALIDATION_FAILED', 'Expiration Date is required', { field: 'expirationDate' });
        }
      }
      const licenceBlock = showsLicenseBlock(type);
      const licenseNumber = input.licenseNumber !== undefined ? input.licenseNumber : row.licenseNumber;
      const validationMethod = input.validationMethod ?? row.validationMethod;
      if (licenceBlock) {
        if (!licenseNumber)
          throw new AppError('VALIDATION_FAILED', 'License Number is required', { field: 'licenseNumber' });
        if (!validationMethod) {
          throw new AppError('VALIDATION_FAILED', 'Validation Method is required', {
            field: 'validationMethod',
          });
        }
      }
      const now = clock.now();
      await repo.updateVersion(row.id, {
        reviewStatus: input.reviewStatus,
        reviewComment: input.reviewComment || null,
        rejectReasonId: input.reviewStatus === 'rejected' ? input.rejectReasonId! : null,
        expirationDate: type.expirationCheck ? expirationDate : row.expirationDate,
        licenseNumber,
        validationMethod,
        rtqRequired: input.rtqRequired,
        reviewedBy: auth.userId,
        reviewedAt: now,
        ...(input.businessTypeId !== undefined ? { businessTypeId: input.businessTypeId } : {}),
        ...(input.countryOfLicense !== undefined ? { licenseCountry: input.countryOfLicense } : {}),
        ...(input.stateOfLicense !== undefined ? { licenseState: input.stateOfLicense } : {}),
        ...(input.addressOfLicense !== undefined ? { licenseAddress: input.addressOfLicense } : {}),
      });
      await deps.record({
        action: 'DOCUMENT_REVIEWED',
        actorUserId: auth.userId,
        companyId: row.companyId,
        detail: { name: `${type.name} v${row.version}`, reviewStatus: input.reviewStatus },
      });
      if (reasonNotification !== null) {
        const company = await repo.findCompany(row.companyId);
        await mailOwners(row.companyId, `Your ${type.name} was rejected`, [
          `The ${type.name} that ${company?.name ?? 'your company'} uploaded (version ${row.version}) was rejected.`,
          reasonNotification,
          ...(input.reviewComment ? [`Reviewer's comment: ${input.reviewComment}`] : []),
          `Upload a new version at ${deps.appUrl}/documents.`,
        ]);
      }
      const fresh = await repo.findVersion(row.id);
      return toVersion(fresh!, type);
    },

    async reviewQueue(auth: AuthContext) {
      let reviewerCompanyIds: number[] | null = null;
      if (!auth.isSuperAdmin) {
        const reviewers = await reviewerCompanies(auth);
        if (reviewers.granted.length === 0) await refuseReviewerWithoutVault(auth, reviewers.all);
        reviewerCompanyIds = reviewers.granted;
      }
      const rows = await repo.reviewQueue(reviewerCompanyIds);
      return {
        items: rows.map((r) => ({ ...r, uploadedAt: r.uploadedAt.toISOString() })),
      };
    },

    /**
     * Assigns a reviewer company to a client company. The client's owners and admins (or a super
     * admin) grant it: a merchant processor then reviews its client's documents.
     */
    async assignReviewer(
      auth: AuthContext,
      input: { plCompanyId: number; reviewerCompanyId: number; remove?: boolean | undefined },
    ) {
      await requireCompanyAccess(db, auth, input.plCompanyId, ['Company Owner', 'Company Admin']);
      await requireVault(auth, input.plCompanyId);
      if (input.plCompanyId === input.reviewerCompanyId) {
        throw new AppError('VALIDATION_FAILED', 'A company cannot review its own documents');
      }
      if (!(await repo.findCompany(input.reviewerCompanyId)))
        throw new AppError('NOT_FOUND', 'Company not found');
      if (input.remove) await repo.removeReviewer(input.plCompanyId, input.reviewerCompanyId);
      else await repo.assignReviewer(input.plCompanyId, input.reviewerCompanyId);
    },

    // ---- rejection reasons ----
    async reasonListing() {
      const reasons = await repo.listReasons();
      return {
        reasons: reasons.map((r) => ({
          plReasonId: r.id,
          reasonName: r.reasonName,
          notification: r.notification,
          reasonType: 'REJECT' as const,
        })),
      };
    },

    async upsertReason(auth: AuthContext, input: UpsertReasonInput) {
      requireSuperAdmin(auth);
      const targeted = input.plReasons.flatMap((c) => (c.action === 'INSERT' ? [] : [c.plReasonId]));
      const existing = await repo.existingReasonIds(targeted);
      const missing = targeted.find((id) => !existing.has(id));
      if (missing) throw new AppError('NOT_FOUND', `Reason ${missing} not found`);
      await repo.applyReasonChanges(
        input.plReasons.map((c) =>
          c.action === 'INSERT'
            ? { action: c.action, reasonName: c.reasonName, notification: c.notification }
            : c.action === 'UPDATE'
              ? { action: c.action, id: c.plReasonId, reasonName: c.reasonName, notification: c.notification }
              : { action: c.action, id: c.plReasonId },
        ),
        clock.now(),
      );
      return this.reasonListing();
    },

    // ---- COA batch ----
    async uploadCoas(
      auth: AuthContext,
      input: { plCompanyId: number; uploadKeys: string[] },
    ): Promise<CoaUploadJob> {
      await requireCompanyAccess(db, auth, input.plCompanyId, ['Company Owner', 'Company Admin', 'User']);
      await requireVault(auth, input.plCompanyId);
      const uploads = [];
      for (const key of new Set(input.uploadKeys)) {
        const file = await files.findUpload(key);
        if (!file || file.companyId !== input.plCompanyId)
          throw new AppError('NOT_FOUND', 'Cannot upload your file');
        if (file.mode !== 'coa') throw new AppError('VALIDATION_FAILED', 'File Type Is Not Supported');
        uploads.push(file);
      }
      const total = uploads.reduce((sum, f) => sum + f.size, 0);
      if (total > COA_BATCH_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The files are larger than 20 MB together');
      const row = await repo.insertCoaUpload({
        companyId: input.plCompanyId,
        userId: auth.userId,
        total: uploads.length,
        items: uploads.map((f) => ({
          key: f.key,
          fileName: f.originalName,
          extension: f.extension,
          status: 'PENDING',
          message: null,
          cannabinoids: {},
          violations: [],
        })),
      });
      await jobs.enqueue(definitions.processCoas, { uploadId: row.id }, { singletonKey: `coa-${row.id}` });
      return toCoaJob((await repo.findCoaUpload(row.id)) as CoaUploadRow);
    },

    async getCoaUpload(auth: AuthContext, uploadId: number): Promise<CoaUploadJob> {
      const row = await repo.findCoaUpload(uploadId);
      if (!row) throw new AppError('NOT_FOUND', 'Upload not found');
      try {
        await requireCompanyAccess(db, auth, row.companyId);
      } catch {
        throw new AppError('NOT_FOUND', 'Upload not found');
      }
      await requireVault(auth, row.companyId);
      return toCoaJob(row);
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
