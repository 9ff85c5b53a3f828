import { z } from 'zod';
import {
  DOCUMENT_TYPE_MESSAGES,
  DOCUMENT_TYPE_NAME_MAX,
  documentTypeRowIssues,
  isBlankNewDocumentTypeRow,
  type DocumentTypeRow,
} from '../rules/document-types.ts';
import { LICENSE_NUMBER_PATTERN, REVIEW_MESSAGES, VALIDATION_METHODS } from '../rules/document-review.ts';
import {
  REASON_FIELD_MAX,
  REASON_MESSAGES,
  reasonRowIssues,
  type ReasonRow,
} from '../rules/rejection-reasons.ts';
import type { KeyedMessage, ValidationIssue } from '../validation-issues.ts';
import {
  IdSchema,
  IntSchema,
  QueryIdSchema,
  TextSchema,
  anySpellingEnum,
  declaredSpelling,
  refuseWith,
  requiredText,
} from './common.ts';

const DaySchema = TextSchema.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd');

/**
 * Change rows name their action; spec 2 §3 writes it insert/update/delete and spec 3 §3 INSERT,
 * UPDATE, DELETE, so either spelling is read as the one the schema declares.
 */
function withActionSpelling<T extends z.ZodType>(actions: readonly string[], schema: T) {
  const toDeclared = declaredSpelling(actions);
  return z.preprocess(
    (row: unknown) =>
      row !== null && typeof row === 'object' && 'action' in row
        ? { ...row, action: toDeclared(row.action) }
        : row,
    schema,
  );
}

/**
 * The key of a seeded row in the seeded catalogue (reference/seeded-catalog): the app shows the row in
 * the reader's language while it is set; null for a row a super admin created or renamed, whose text
 * reads as typed. Optional beside the spec's fields, which stay the stored text.
 */
const SeedKeySchema = TextSchema.nullable().optional();

// ---- document types (spec 2 §3 "Document type") ----

export const DocumentTypeSchema = z.object({
  plDocumentTypeId: IntSchema,
  name: TextSchema,
  licenseCheck: z.boolean(),
  certificationCheck: z.boolean(),
  expirationCheck: z.boolean(),
  dayPriorNotify: IntSchema.nullable(),
  plBusinessTypeIds: z.array(IntSchema),
  plBusinessTypes: z.array(z.object({ id: IntSchema, name: TextSchema })),
  seedKey: SeedKeySchema,
});
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const DocumentTypeListingSchema = z.object({ plDocumentTypes: z.array(DocumentTypeSchema) });

const typeMessages = DOCUMENT_TYPE_MESSAGES;
const DocumentTypeValuesSchema = z.object({
  name: requiredText(DOCUMENT_TYPE_NAME_MAX, {
    required: typeMessages.nameRequired,
    tooLong: typeMessages.nameTooLong,
  }),
  licenseCheck: z.boolean(),
  certificationCheck: z.boolean(),
  expirationCheck: z.boolean(),
  // Required only when expiration is on (spec 2 §5), so a row without expiration may leave it out;
  // one with expiration that leaves it out is refused by the service as 'This field is required'.
  dayPriorNotify: IntSchema.superRefine((days, ctx) => {
    if (days <= 0) refuseWith(ctx, typeMessages.dayPriorNotifyPositive);
  })
    .meta({ exclusiveMinimum: 0 })
    .nullable()
    .default(null),
  plBusinessTypeIds: z
    .array(IdSchema)
    .superRefine((ids, ctx) => {
      if (ids.length === 0) refuseWith(ctx, typeMessages.businessTypeRequired);
    })
    .meta({ minItems: 1 }),
});

export const DocumentTypeChangeSchema = withActionSpelling(
  ['insert', 'update', 'delete'],
  z.discriminatedUnion('action', [
    DocumentTypeValuesSchema.extend({ action: z.literal('insert') }),
    DocumentTypeValuesSchema.extend({ action: z.literal('update'), plDocumentTypeId: IdSchema }),
    z.object({ action: z.literal('delete'), plDocumentTypeId: IdSchema }).loose(),
  ]),
);

/** An editor's rows as its form holds them, each refused by its rule's issues on its own fields. */
function editorRows<Row>(rowIssues: (row: Row) => ValidationIssue[], skip: (row: Row) => boolean) {
  return z.object({
    rows: z.array(
      z.custom<Row>().superRefine((row, ctx) => {
        if (skip(row)) return;
        for (const issue of rowIssues(row)) refuseWith(ctx, issue, [issue.field]);
      }),
    ),
  });
}

/** The document-type editor's form: every row but a blank new one (which is not sent) is checked. */
export const DocumentTypeEditorSchema = editorRows<DocumentTypeRow>(
  documentTypeRowIssues,
  isBlankNewDocumentTypeRow,
);

export const UpsertDocumentTypeInputSchema = z.object({
  plDocumentTypes: z.array(DocumentTypeChangeSchema).min(1).max(500),
});
export type UpsertDocumentTypeInput = z.infer<typeof UpsertDocumentTypeInputSchema>;

// ---- company documents and versions (spec 3 §3 "Document type detail") ----

export const DOCUMENT_CLASSIFICATIONS = ['LICENSE', 'CERTIFICATION', 'GENERIC'] as const;
export type DocumentClassification = (typeof DOCUMENT_CLASSIFICATIONS)[number];
/**
 * What a company's document list may be filtered by: spec 3 "Document kinds" names License,
 * Certification, Attestation and Verification beside the three classifications. The first two are
 * LICENSE and CERTIFICATION in another spelling; no document type is classified as an attestation or
 * a verification, so filtering by one lists no document rather than being refused.
 */
export const DOCUMENT_KIND_FILTERS = [...DOCUMENT_CLASSIFICATIONS, 'Attestation', 'Verification'] as const;
export type DocumentKindFilter = (typeof DOCUMENT_KIND_FILTERS)[number];
export const CONVERSION_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const DocumentVersionSchema = z.object({
  documentId: IntSchema,
  documentTypeId: IntSchema,
  plCompanyId: IntSchema,
  version: IntSchema,
  fileName: TextSchema,
  reviewStatus: z.enum(['pending', 'accepted', 'rejected']),
  isExpired: z.boolean(),
  isExpireSoon: z.boolean(),
  conversionStatus: z.enum(CONVERSION_STATUSES),
  documentResource: z.object({ url: TextSchema.nullable(), resourceId: IntSchema }),
  licenseCountry: TextSchema.nullable(),
  licenseState: TextSchema.nullable(),
  licenseAddress: TextSchema.nullable(),
  licenseNumber: TextSchema.nullable(),
  validationMethod: z.enum(VALIDATION_METHODS).nullable(),
  stateLicenseStatus: TextSchema.nullable(),
  isLicenseStatusRecentlyChange: z.boolean(),
  expirationDate: TextSchema.nullable(),
  reviewComment: TextSchema.nullable(),
  reasonId: IntSchema.nullable(),
  reasonName: TextSchema.nullable(),
  businessTypeId: IntSchema.nullable(),
  rtqRequired: z.boolean(),
  uploadedAt: TextSchema,
  reviewedAt: TextSchema.nullable(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;

export const DocumentTypeDetailSchema = z.object({
  documentType: z.object({
    documentTypeId: IntSchema,
    documentTypeName: TextSchema,
    documentTypeSeedKey: SeedKeySchema,
    licenseCheck: z.boolean(),
    certificationCheck: z.boolean(),
    expirationCheck: z.boolean(),
    dayPriorNotify: IntSchema.nullable(),
  }),
  /** Newest first. */
  documents: z.array(DocumentVersionSchema),
});
export type DocumentTypeDetail = z.infer<typeof DocumentTypeDetailSchema>;

/**
 * Spec 3 §7 "Get document type detail (company id, document type id, address of licence, business type
 * id)": the review dialog passes the document's own licenseAddress and businessTypeId, which may be
 * null; null is taken as not given.
 */
export const GetDocumentTypeDetailInputSchema = z.object({
  plCompanyId: IdSchema,
  documentTypeId: IdSchema,
  addressOfLicense: TextSchema.max(255).nullish(),
  businessTypeId: IdSchema.nullish(),
});
export type GetDocumentTypeDetailInput = z.infer<typeof GetDocumentTypeDetailInputSchema>;

/** One row of a company's document list: a type that applies to it and its newest version, if any. */
export const CompanyDocumentSchema = z.object({
  documentType: DocumentTypeDetailSchema.shape.documentType.extend({
    classification: z.enum(DOCUMENT_CLASSIFICATIONS),
  }),
  latest: DocumentVersionSchema.nullable(),
  versionCount: IntSchema,
});
export type CompanyDocument = z.infer<typeof CompanyDocumentSchema>;

export const DocumentsQuerySchema = z.object({
  plCompanyId: QueryIdSchema,
  classification: anySpellingEnum(DOCUMENT_KIND_FILTERS).optional(),
});
export const DocumentsListingSchema = z.object({ documents: z.array(CompanyDocumentSchema) });

export const DocumentQuerySchema = z.object({ plDocumentId: QueryIdSchema });
export const DocumentDetailSchema = z.object({
  document: DocumentVersionSchema,
  /** Every version of the same company and type, newest first. */
  versions: z.array(DocumentVersionSchema),
});

/**
 * A license number as a company uploads it or a reviewer corrects it. An empty one is no number (null),
 * so a type that needs one refuses it as 'License Number is required', not as an invalid number.
 */
const LicenseNumberSchema = TextSchema.trim()
  .max(100)
  // Refused by the review form's keyed message; the JSON Schema keeps the pattern.
  .superRefine((value, ctx) => {
    if (value !== '' && !LICENSE_NUMBER_PATTERN.test(value)) {
      refuseWith(ctx, REVIEW_MESSAGES.licenseNumberInvalid);
    }
  })
  .transform((value) => value || null)
  .meta({ pattern: LICENSE_NUMBER_PATTERN.source })
  .nullable()
  .optional();

export const UploadDocumentInputSchema = z.object({
  plCompanyId: IdSchema,
  documentTypeId: IdSchema,
  /** The key returned by POST /api/storage/preupload. */
  uploadKey: TextSchema.min(1).max(300),
  expirationDate: DaySchema.nullable().optional(),
  licenseNumber: LicenseNumberSchema,
  licenseCountry: TextSchema.trim().max(100).nullable().optional(),
  licenseState: TextSchema.trim().max(100).nullable().optional(),
  licenseAddress: TextSchema.trim().max(255).nullable().optional(),
});
export type UploadDocumentInput = z.infer<typeof UploadDocumentInputSchema>;

export const DeleteDocumentsInputSchema = z.object({
  plCompanyId: IdSchema,
  documentIds: z.array(IdSchema).min(1).max(100),
});

export const DocumentIdInputSchema = z.object({ documentId: IdSchema });
export const DownloadLinkSchema = z.object({ url: TextSchema, expiresAt: TextSchema });

export const NoteSchema = z.object({
  plNoteId: IntSchema,
  note: TextSchema,
  author: TextSchema,
  createdAt: TextSchema,
});
export const NotesQuerySchema = z.object({ plDocumentId: QueryIdSchema });
/** A review note's refusals, with their keys (`documents.messages.*`). */
export const NOTE_REFUSALS = {
  required: { key: 'documents.messages.fieldRequired', message: 'This field is required' },
  tooLong: { key: 'documents.messages.max2000', message: 'Maximum 2000 characters' },
} satisfies Record<string, KeyedMessage>;
export const AddNoteInputSchema = z.object({
  plDocumentId: IdSchema,
  note: requiredText(2000, NOTE_REFUSALS),
});

// ---- review (spec 3 §6, §7 "Update document review status") ----

function declaredYesNo(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const answer = value.trim().toLowerCase();
  return answer === 'yes' ? true : answer === 'no' ? false : value;
}

/**
 * The review status as spec 3 §7 sends it (accepted, rejected), as the form's choice names it (§4
 * "Accept or Reject") or as §3's review statuses do (GOOD, BAD), in any letter case; an empty one is
 * refused as the form refuses it ('Review Status is required').
 */
const REVIEW_STATUS_BY_CHOICE: Record<string, string> = {
  ACCEPT: 'accepted',
  REJECT: 'rejected',
  GOOD: 'accepted',
  BAD: 'rejected',
};
const ReviewStatusInputSchema = z
  .preprocess(
    (value: unknown) =>
      typeof value === 'string' ? (REVIEW_STATUS_BY_CHOICE[value.trim().toUpperCase()] ?? value) : value,
    TextSchema.superRefine((value, ctx) => {
      if (value.trim() === '') refuseWith(ctx, REVIEW_MESSAGES.reviewStatusRequired);
    }),
  )
  .pipe(anySpellingEnum(['accepted', 'rejected']));

/** Spec 3 §4 shows the third method as '3rd Party'; its value is THIRD_PARTY. */
const VALIDATION_METHOD_BY_LABEL: Record<string, string> = { '3RD PARTY': 'THIRD_PARTY' };

/**
 * Strict: a field the caller may not send is refused (400), never ignored. Which of the optional
 * fields a caller may send depends on the role (rules/document-review `forbiddenReviewFields`).
 */
export const UpdateReviewStatusInputSchema = z.strictObject({
  documentId: IdSchema,
  reviewStatus: ReviewStatusInputSchema,
  reviewComment: TextSchema.trim().max(1000, 'Maximum 1000 characters').optional().default(''),
  rejectReasonId: IdSchema.nullable().optional(),
  expirationDate: DaySchema.nullable().optional(),
  licenseNumber: LicenseNumberSchema,
  // Spec 3 §4 names the methods "state verified, document provided, third party"; §5 leaves an
  // empty one out of the payload, so an empty one sent is read as left out.
  validationMethod: z
    .preprocess((value: unknown) => {
      if (typeof value !== 'string') return value;
      const label = value.trim().toUpperCase();
      return label === '' ? undefined : (VALIDATION_METHOD_BY_LABEL[label] ?? value);
    }, anySpellingEnum(VALIDATION_METHODS).optional())
    .optional(),
  // Spec 3 §7 sends a boolean; its review form (§3) holds Yes/No.
  rtqRequired: z
    .preprocess((value: boolean) => declaredYesNo(value), z.boolean())
    .optional()
    .default(false),
  businessTypeId: IdSchema.nullable().optional(),
  countryOfLicense: TextSchema.trim().max(100).optional(),
  stateOfLicense: TextSchema.trim().max(100).optional(),
  addressOfLicense: TextSchema.trim().max(255).optional(),
});
export type UpdateReviewStatusInput = z.infer<typeof UpdateReviewStatusInputSchema>;

export const AssignReviewerInputSchema = z.object({
  /** The company whose documents are reviewed. */
  plCompanyId: IdSchema,
  /** The company (e.g. a merchant processor) whose owners and admins review them. */
  reviewerCompanyId: IdSchema,
  remove: z.boolean().optional(),
});

/** The reviewer form's refusal of a search with no company picked from its results. */
export const REVIEWER_NOT_CHOSEN: KeyedMessage = {
  key: 'documents.reviewers.notChosen',
  message: 'Choose a company from the search results',
};

/** The add-reviewer form: the input, with no company chosen yet refused by its key. */
export const AssignReviewerFormSchema = AssignReviewerInputSchema.extend({
  reviewerCompanyId: IdSchema.nullable(),
}).superRefine((values, ctx) => {
  if (values.reviewerCompanyId === null) refuseWith(ctx, REVIEWER_NOT_CHOSEN, ['reviewerCompanyId']);
});

export const ReviewerListingQuerySchema = z.object({ plCompanyId: QueryIdSchema });

export const ReviewerCompanySchema = z.object({ plCompanyId: IntSchema, companyName: TextSchema });
export type ReviewerCompany = z.infer<typeof ReviewerCompanySchema>;
export const ReviewerListingSchema = z.object({ reviewers: z.array(ReviewerCompanySchema) });

export const ReviewQueueItemSchema = z.object({
  plCompanyId: IntSchema,
  companyName: TextSchema,
  documentTypeId: IntSchema,
  documentTypeName: TextSchema,
  documentTypeSeedKey: SeedKeySchema,
  documentId: IntSchema,
  reviewStatus: z.enum(['pending', 'accepted', 'rejected']),
  uploadedAt: TextSchema,
});

// ---- rejection reasons (spec 3 §3 "Rejection reason") ----

export const ReasonSchema = z.object({
  plReasonId: IntSchema,
  reasonName: TextSchema,
  notification: TextSchema,
  reasonType: z.literal('REJECT'),
  seedKey: SeedKeySchema,
});
export type Reason = z.infer<typeof ReasonSchema>;
/** Spec 3 writes the one reason type REJECT; it is read in any letter case, as the other enumerations are. */
const ReasonTypeInputSchema = anySpellingEnum(['REJECT']).default('REJECT');
export const ReasonListingInputSchema = z.object({ reasonType: ReasonTypeInputSchema });
export const ReasonListingSchema = z.object({ reasons: z.array(ReasonSchema) });

const ReasonTextSchema = requiredText(REASON_FIELD_MAX, REASON_MESSAGES);
export const ReasonChangeSchema = withActionSpelling(
  ['INSERT', 'UPDATE', 'DELETE'],
  z.discriminatedUnion('action', [
    z.object({
      action: z.literal('INSERT'),
      reasonName: ReasonTextSchema,
      notification: ReasonTextSchema,
      reasonType: ReasonTypeInputSchema,
    }),
    z.object({
      action: z.literal('UPDATE'),
      plReasonId: IdSchema,
      reasonName: ReasonTextSchema,
      notification: ReasonTextSchema,
      reasonType: ReasonTypeInputSchema,
    }),
    z.object({ action: z.literal('DELETE'), plReasonId: IdSchema }).loose(),
  ]),
);
/** A save with no change (an empty list) answers the list as it is. */
export const UpsertReasonInputSchema = z.object({ plReasons: z.array(ReasonChangeSchema).max(200) });
export type UpsertReasonInput = z.infer<typeof UpsertReasonInputSchema>;

/** The rejection reasons dialog's form: every row is checked. */
export const ReasonEditorSchema = editorRows<ReasonRow>(reasonRowIssues, () => false);

// ---- COA batch upload (spec 3 §3 "COA upload job", §4 "COA upload progress") ----

export const COA_BATCH_MAX_BYTES = 20 * 1024 * 1024;
export const COA_UPLOAD_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const CoaUploadItemSchema = z.object({
  fileName: TextSchema,
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  message: TextSchema.nullable(),
  /** A failed file's message key (and the values its text names), for the reader's language. */
  messageKey: TextSchema.optional(),
  messageParams: z.record(TextSchema, z.union([TextSchema, z.number()])).optional(),
  cannabinoids: z.record(TextSchema, z.number()),
  violations: z.array(TextSchema),
});
export type CoaUploadItem = z.infer<typeof CoaUploadItemSchema>;

export const CoaUploadJobSchema = z.object({
  plUserUploadCoaId: IntSchema,
  plCompanyId: IntSchema,
  status: z.enum(COA_UPLOAD_STATUSES),
  processed: IntSchema,
  total: IntSchema,
  items: z.array(CoaUploadItemSchema),
});
export type CoaUploadJob = z.infer<typeof CoaUploadJobSchema>;

/** The live event the server sends to the company's room on every step of a COA batch. */
export const COA_UPLOAD_EVENT = 'upload-progress';

/**
 * The live event the server sends to the company's room when the conversion of a document version
 * ends (its PDF view is ready, or it failed): open review and vault screens refetch on it.
 */
export const DOCUMENT_CONVERTED_EVENT = 'document-converted';
export const DocumentConvertedEventSchema = z.object({
  plCompanyId: IntSchema,
  documentTypeId: IntSchema,
  documentId: IntSchema,
  conversionStatus: z.enum(['COMPLETED', 'FAILED']),
});
export type DocumentConvertedEvent = z.infer<typeof DocumentConvertedEventSchema>;

export const UploadCoasInputSchema = z.object({
  plCompanyId: IdSchema,
  uploadKeys: z.array(TextSchema.min(1).max(300)).min(1).max(50),
});
export const CoaUploadQuerySchema = z.object({ plUserUploadCoaId: QueryIdSchema });
