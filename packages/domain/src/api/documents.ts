import { z } from 'zod';
import {
  IdSchema,
  IntSchema,
  NoInputSchema,
  QueryEpochMsSchema,
  QueryIdSchema,
  TextSchema,
} from '../schemas/common.ts';
import {
  AddNoteInputSchema,
  AssignReviewerInputSchema,
  CoaUploadJobSchema,
  CoaUploadQuerySchema,
  DeleteDocumentsInputSchema,
  DocumentDetailSchema,
  DocumentQuerySchema,
  DocumentsListingSchema,
  DocumentsQuerySchema,
  DocumentTypeDetailSchema,
  DocumentTypeListingSchema,
  DocumentVersionSchema,
  DownloadLinkSchema,
  GetDocumentTypeDetailInputSchema,
  NoteSchema,
  NotesQuerySchema,
  ReasonListingInputSchema,
  ReasonListingSchema,
  ReviewQueueItemSchema,
  ReviewerListingQuerySchema,
  ReviewerListingSchema,
  UpdateReviewStatusInputSchema,
  UploadCoasInputSchema,
  UploadDocumentInputSchema,
  UpsertDocumentTypeInputSchema,
  UpsertReasonInputSchema,
} from '../schemas/document.ts';
import { endpoint } from './endpoint.ts';

/**
 * The document vault (spec 2 document types; spec 3 §6–§7 documents, review, reasons, COA upload).
 * A company's documents are its members' and its reviewers' only; the vault is a plan feature
 * (q_vault), so a member of a company whose plan lacks it gets 402 PLAN_LIMIT_REACHED.
 */
const tag = 'document';
const NotesSchema = z.object({ notes: z.array(NoteSchema) });
const VariantSchema = z.enum(['original', 'view']);

export const documentTypeListing = endpoint({
  method: 'POST',
  path: '/api/document/documentTypeListing',
  input: NoInputSchema,
  output: DocumentTypeListingSchema,
  access: 'user',
  tag,
  summary: 'The document types every company is asked for',
  description:
    'Every document type with its classification, the business types that must provide it, whether it expires and which licence fields it asks for. The vault and the review screens list rows from it.',
});

export const upsertDocumentType = endpoint({
  method: 'POST',
  path: '/api/document/upsertDocumentType',
  input: UpsertDocumentTypeInputSchema,
  output: DocumentTypeListingSchema,
  access: 'user',
  tag,
  summary: 'Add, change or remove document types (super admin)',
  description:
    'Applies a batch of INSERT, UPDATE and DELETE changes to the document types, all or none, and answers the new list. Super admins only (FORBIDDEN for everyone else); a name already in use is CONFLICT.',
  errors: ['CONFLICT'],
});

export const getDocumentTypeDetail = endpoint({
  method: 'POST',
  path: '/api/document/getDocumentTypeDetail',
  input: GetDocumentTypeDetailInputSchema,
  output: DocumentTypeDetailSchema,
  access: 'user',
  tag,
  summary: "One document type with a company's versions of it",
  description:
    "A document type and every version the company uploaded for it, newest first, with review status and notes count. For the company's members (vault plan required) and its reviewers.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const listDocuments = endpoint({
  method: 'GET',
  path: '/api/document/documents',
  input: DocumentsQuerySchema,
  output: DocumentsListingSchema,
  access: 'user',
  tag,
  summary: "A company's documents, one row per document type",
  description:
    "For each document type the company must provide (optionally one classification), its latest version with review status, expiry and the indicator colour the vault shows. For the company's members (vault plan required), its reviewers and super admins.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const getDocument = endpoint({
  method: 'GET',
  path: '/api/document/document',
  input: DocumentQuerySchema,
  output: DocumentDetailSchema,
  access: 'user',
  tag,
  summary: 'One document version with the other versions of its type',
  description:
    "A document version and every version of the same company and type, newest first. For the company's members (vault plan required), its reviewers and super admins.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const uploadDocument = endpoint({
  method: 'POST',
  path: '/api/document/document',
  input: UploadDocumentInputSchema,
  output: DocumentVersionSchema,
  access: 'user',
  tag,
  summary: 'Add a version of a document from a stored upload',
  description:
    'Files a new version of one document type for the company from an upload key of /api/storage/preupload (content-checked there), with the licence fields and expiry date the type asks for. The version starts pending review; office files are converted to PDF by a job. An upload is filed once: filing it again (a double submit, a retry of a filing that went through) is CONFLICT.',
  errors: ['PLAN_LIMIT_REACHED', 'CONFLICT'],
});

export const deleteDocuments = endpoint({
  method: 'POST',
  path: '/api/document/deleteDocuments',
  input: DeleteDocumentsInputSchema,
  output: z.object({ deleted: IntSchema }),
  access: 'user',
  tag,
  summary: "Delete versions of a company's documents",
  description:
    "Deletes the listed document versions of the company (owners and admins of the company, or a super admin) and answers how many were deleted; none of them being the company's is NOT_FOUND.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const getDownloadLink = endpoint({
  method: 'POST',
  path: '/api/document/getDownloadLink',
  input: z.object({ documentId: IdSchema, variant: VariantSchema.default('original') }),
  output: DownloadLinkSchema,
  access: 'user',
  tag,
  summary: 'A five-minute link to a document file',
  description:
    'A signed link, valid five minutes, to the original file or its PDF view, for whoever may read the document. CONFLICT while the file is still being converted, or when its conversion failed.',
  errors: ['CONFLICT', 'PLAN_LIMIT_REACHED'],
});

export const listNotes = endpoint({
  method: 'GET',
  path: '/api/document/notes',
  input: NotesQuerySchema,
  output: NotesSchema,
  access: 'user',
  tag,
  summary: 'The notes on a document version',
  description:
    'Every note written on a document version, oldest first, with its author, for whoever may read it.',
  errors: ['PLAN_LIMIT_REACHED'],
});

export const addNote = endpoint({
  method: 'POST',
  path: '/api/document/notes',
  input: AddNoteInputSchema,
  output: NotesSchema,
  access: 'user',
  tag,
  summary: 'Write a note on a document version',
  description:
    'Adds a note (at most 2,000 characters) to a document version as the caller, and answers every note of it.',
  errors: ['PLAN_LIMIT_REACHED'],
});

export const updateDocumentReviewStatus = endpoint({
  method: 'POST',
  path: '/api/document/updateDocumentReviewStatus',
  input: UpdateReviewStatusInputSchema,
  output: DocumentVersionSchema,
  access: 'user',
  tag,
  summary: 'Accept or reject a document version (reviewers)',
  description:
    "Records a review of a pending version: Accept with a validation method, or Reject with a reason and comments (spec 3 §6 rules). For super admins and the owners and admins of the company's reviewer companies; a version already reviewed is CONFLICT.",
  errors: ['CONFLICT', 'PLAN_LIMIT_REACHED'],
});

export const reviewQueue = endpoint({
  method: 'POST',
  path: '/api/document/reviewQueue',
  input: NoInputSchema,
  output: z.object({ items: z.array(ReviewQueueItemSchema) }),
  access: 'user',
  tag,
  summary: 'Document versions waiting for the caller to review',
  description:
    "The pending versions of every company the caller reviews (all companies for a super admin), oldest first. A reviewer whose reviewer company's plan lacks the vault gets PLAN_LIMIT_REACHED.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const documentFile = endpoint({
  method: 'GET',
  path: '/api/document/file',
  input: z.object({
    documentId: QueryIdSchema,
    variant: VariantSchema,
    expires: QueryEpochMsSchema,
    sig: TextSchema.min(1).max(200),
    download: z.enum(['0', '1']).optional(),
  }),
  output: z.never(),
  file: { contentType: 'the document’s own type (PDF, image, Office)' },
  access: 'public',
  tag,
  summary: 'A document file, through a signed link',
  description:
    'Streams the file a getDownloadLink link names while its signature and five-minute expiry hold; no session needed (the signature is the credential). download=1 asks the browser to save it.',
});

export const reviewerListing = endpoint({
  method: 'GET',
  path: '/api/document/reviewers',
  input: ReviewerListingQuerySchema,
  output: ReviewerListingSchema,
  access: 'user',
  tag,
  summary: "The reviewer companies assigned to a company's documents",
  description:
    "The companies (for example merchant processors) whose owners and admins review the company's documents, by name. For the company's owners and admins (vault plan required) and super admins; another company's id answers NOT_FOUND.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const assignReviewer = endpoint({
  method: 'POST',
  path: '/api/document/reviewer',
  input: AssignReviewerInputSchema,
  output: z.object({ ok: z.literal(true) }),
  access: 'user',
  tag,
  summary: "Assign or remove a company's reviewer company",
  description:
    "Lets a reviewer company (for example a merchant processor) review the company's documents, or stops it with remove. For the reviewed company's owners and admins (vault plan required) and super admins; a company cannot review itself (VALIDATION_FAILED), an unknown reviewer company is NOT_FOUND.",
  errors: ['PLAN_LIMIT_REACHED'],
});

export const reasonListing = endpoint({
  method: 'POST',
  path: '/api/document/reasonListing',
  input: ReasonListingInputSchema.nullish(),
  output: ReasonListingSchema,
  access: 'user',
  tag,
  summary: 'The reasons a reviewer may reject a document for',
  description: 'The rejection reasons (reasonType REJECT), in their display order.',
});

export const upsertReason = endpoint({
  method: 'POST',
  path: '/api/document/upsertReason',
  input: UpsertReasonInputSchema,
  output: ReasonListingSchema,
  access: 'user',
  tag,
  summary: 'Add, change or remove rejection reasons (super admin)',
  description:
    'Applies a batch of INSERT, UPDATE and DELETE changes to the rejection reasons, all or none, and answers the new list. Super admins only; a name already in use is CONFLICT.',
  errors: ['CONFLICT'],
});

export const uploadCoas = endpoint({
  method: 'POST',
  path: '/api/coa/uploadCoas',
  input: UploadCoasInputSchema,
  output: CoaUploadJobSchema,
  access: 'user',
  tag: 'coa',
  summary: 'Start reading a batch of certificates of analysis',
  description:
    "Queues the COA files (or ZIP archives of them, checked for size, ratio and nesting) uploaded through /api/storage/preupload for the company; a job reads each one's cannabinoid results and reports progress on the live channel and through uploadJob. More than 20 MB together is PAYLOAD_TOO_LARGE.",
  errors: ['PAYLOAD_TOO_LARGE', 'PLAN_LIMIT_REACHED'],
});

export const getCoaUploadJob = endpoint({
  method: 'GET',
  path: '/api/coa/uploadJob',
  input: CoaUploadQuerySchema,
  output: CoaUploadJobSchema,
  access: 'user',
  tag: 'coa',
  summary: 'Progress of a COA batch',
  description: "The status, files done and per-file results of one COA batch of the caller's company.",
});
