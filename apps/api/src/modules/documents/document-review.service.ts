import {
  forbiddenReviewFields,
  REVIEW_MESSAGES,
  showsLicenseBlock,
} from '@trustleaf/domain/rules/document-review';
import { daysBetween } from '@trustleaf/domain/rules/document-status';
import {
  documentTypeText,
  reasonText,
  type SeededReasonText,
} from '@trustleaf/domain/reference/seeded-catalog';
import type { UpdateReviewStatusInput } from '@trustleaf/domain/schemas/document';
import { fieldIssue, type KeyedMessage } from '@trustleaf/domain/validation-issues';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal, validationFailed } from '../../lib/errors.ts';
import { rejectionMail, type RejectionParams } from '../mail/documents.templates.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import {
  DOCUMENT_REFUSALS,
  type DocumentAccess,
  type DocumentsServiceDeps,
  NOT_FOUND,
} from './documents.access.ts';

/** A review's field refused by the review form's own rule (and key). */
function refuse(field: string, message: KeyedMessage): never {
  throw validationFailed([fieldIssue(field, message)]);
}
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** Review (spec 3 §6): a reviewer's decision on a version, the review queue, and assigned reviewer companies. */
export function createDocumentReviewService(deps: DocumentsServiceDeps, access: DocumentAccess) {
  const { companyAccess, repo, clock, mailer } = deps;
  const {
    today,
    toVersion,
    requireVault,
    reviewerCompanies,
    refuseReviewerWithoutVault,
    requireReviewer,
    typeOf,
  } = access;
  /**
   * The rejection email to each owner and admin, in the language they chose in the app: a seeded
   * document type and reason in that language too, one a super admin named as they wrote it.
   */
  async function mailRejection(
    companyId: number,
    type: { name: string; seedKey: string | null },
    reason: SeededReasonText & { seedKey: string | null },
    params: Omit<RejectionParams, 'firstName' | 'documentType' | 'notification'>,
  ) {
    const recipients = await repo.ownerAndAdminEmails(companyId);
    for (const recipient of recipients) {
      const language = mailLanguage(recipient.language);
      const mail = renderMail(rejectionMail, language, {
        ...params,
        documentType: documentTypeText(language, type),
        notification: reasonText(language, reason).notification,
        firstName: recipient.firstName,
      });
      await mailer.send({ to: recipient.email, ...mail });
    }
  }

  return {
    async updateDocumentReviewStatus(auth: AuthContext, input: UpdateReviewStatusInput) {
      const forbidden = forbiddenReviewFields(input, auth.isSuperAdmin);
      if (forbidden.length > 0) {
        throw refusal('VALIDATION_FAILED', DOCUMENT_REFUSALS.fieldsForbidden(forbidden), {
          reason: 'forbidden-fields',
          fields: forbidden,
        });
      }
      const row = await repo.findVersion(input.documentId);
      if (!row) throw refusal('NOT_FOUND', NOT_FOUND);
      await requireReviewer(auth, row.companyId);
      const type = await typeOf(row.documentTypeId);
      const [latest] = await repo.listVersions(row.companyId, row.documentTypeId);
      const isLatest = latest?.id === row.id;
      if (!isLatest && !(row.reviewStatus === 'rejected' && input.reviewStatus === 'rejected')) {
        throw refusal('VALIDATION_FAILED', DOCUMENT_REFUSALS.onlyLatestReviewed);
      }
      let rejection: (SeededReasonText & { seedKey: string | null }) | null = null;
      if (input.reviewStatus === 'rejected') {
        const reason = input.rejectReasonId ? await repo.findReason(input.rejectReasonId) : undefined;
        if (!reason) refuse('rejectReasonId', REVIEW_MESSAGES.rejectReasonRequired);
        rejection = reason;
      }
      const expirationDate = input.expirationDate !== undefined ? input.expirationDate : row.expirationDate;
      if (type.expirationCheck) {
        if (input.expirationDate && daysBetween(today(), input.expirationDate) < 0) {
          refuse('expirationDate', REVIEW_MESSAGES.expirationPast);
        }
        if (input.reviewStatus === 'accepted' && !expirationDate) {
          refuse('expirationDate', REVIEW_MESSAGES.expirationRequired);
        }
      }
      const licenceBlock = showsLicenseBlock(type);
      const licenseNumber = input.licenseNumber !== undefined ? input.licenseNumber : row.licenseNumber;
      const validationMethod = input.validationMethod ?? row.validationMethod;
      if (licenceBlock) {
        // A super admin may correct the licence's place; the review form requires each (spec 3 §5).
        const place = [
          ['countryOfLicense', input.countryOfLicense, REVIEW_MESSAGES.countryRequired],
          ['stateOfLicense', input.stateOfLicense, REVIEW_MESSAGES.stateRequired],
          ['addressOfLicense', input.addressOfLicense, REVIEW_MESSAGES.addressRequired],
        ] as const;
        for (const [field, value, required] of place) if (value === '') refuse(field, required);
        if (!licenseNumber) refuse('licenseNumber', REVIEW_MESSAGES.licenseNumberRequired);
        if (!validationMethod) refuse('validationMethod', REVIEW_MESSAGES.validationMethodRequired);
      }
      // The super admin's type of company is one the platform has (an unknown id was a 500).
      const businessTypeId = input.businessTypeId;
      if (businessTypeId && !(await repo.businessTypeNames()).some((known) => known.id === businessTypeId)) {
        refuse('businessTypeId', COMMON_REFUSALS.unknownBusinessType);
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
      if (rejection !== null) {
        const company = await repo.findCompany(row.companyId);
        await mailRejection(row.companyId, type, rejection, {
          companyName: company?.name ?? '',
          version: row.version,
          reviewComment: input.reviewComment || null,
          documentsUrl: `${deps.appUrl.replace(/\/+$/, '')}/documents`,
        });
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

    /** The reviewer companies of a client company, for its owners and admins (or a super admin). */
    async reviewerListing(auth: AuthContext, plCompanyId: number) {
      await companyAccess.require(auth, plCompanyId, ['Company Owner', 'Company Admin']);
      await requireVault(auth, plCompanyId);
      return { reviewers: await repo.listReviewers(plCompanyId) };
    },

    /**
     * Assigns a reviewer company to a client company. The client's owners and admins (or a super
     * admin) grant it: a merchant processor then reviews its client's documents.
     */
    async assignReviewer(
      auth: AuthContext,
      input: { plCompanyId: number; reviewerCompanyId: number; remove?: boolean | undefined },
    ) {
      await companyAccess.require(auth, input.plCompanyId, ['Company Owner', 'Company Admin']);
      await requireVault(auth, input.plCompanyId);
      if (input.plCompanyId === input.reviewerCompanyId) {
        throw refusal('VALIDATION_FAILED', DOCUMENT_REFUSALS.ownDocuments);
      }
      if (!(await repo.findCompany(input.reviewerCompanyId)))
        throw refusal('NOT_FOUND', COMMON_REFUSALS.companyNotFound);
      if (input.remove) await repo.removeReviewer(input.plCompanyId, input.reviewerCompanyId);
      else await repo.assignReviewer(input.plCompanyId, input.reviewerCompanyId);
    },
  };
}
export type DocumentReviewService = ReturnType<typeof createDocumentReviewService>;
