import {
  IdSchema,
  IntSchema,
  OkSchema,
  QueryIdSchema,
  QueryEpochMsSchema,
  TextSchema,
  detailOf,
} from '@trustleaf/domain/schemas/common';
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
  UpdateReviewStatusInputSchema,
  UploadCoasInputSchema,
  UploadDocumentInputSchema,
  UpsertDocumentTypeInputSchema,
  UpsertReasonInputSchema,
} from '@trustleaf/domain/schemas/document';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Storage } from '../../lib/storage.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { DocumentsService } from './documents.service.ts';

const tags = ['document'];
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const NotesSchema = detailOf(z.object({ notes: z.array(NoteSchema) }));

/** Document vault (spec 2 document types; spec 3 review, reasons, documents). */
export const documentRoutes: FastifyPluginAsyncZod<{ service: DocumentsService; storage: Storage }> = async (
  app,
  { service, storage },
) => {
  const auth = { onRequest: app.authenticate };

  app.post(
    '/documentTypeListing',
    { ...auth, schema: { tags, response: { 200: detailOf(DocumentTypeListingSchema) } } },
    async () => ({ detail: await service.documentTypeListing() }),
  );

  app.post(
    '/upsertDocumentType',
    {
      ...auth,
      schema: {
        tags,
        body: UpsertDocumentTypeInputSchema,
        response: { 200: detailOf(DocumentTypeListingSchema) },
      },
    },
    async (request) => {
      await service.upsertDocumentType(callerOf(request), request.body);
      return { detail: await service.documentTypeListing() };
    },
  );

  app.post(
    '/getDocumentTypeDetail',
    {
      ...auth,
      schema: {
        tags,
        body: GetDocumentTypeDetailInputSchema,
        response: { 200: detailOf(DocumentTypeDetailSchema) },
      },
    },
    async (request) => ({ detail: await service.getDocumentTypeDetail(callerOf(request), request.body) }),
  );

  app.get(
    '/documents',
    {
      ...auth,
      schema: {
        tags,
        querystring: DocumentsQuerySchema,
        response: { 200: detailOf(DocumentsListingSchema) },
      },
    },
    async (request) => ({
      detail: await service.listDocuments(
        callerOf(request),
        request.query.plCompanyId,
        request.query.classification,
      ),
    }),
  );

  app.get(
    '/document',
    {
      ...auth,
      schema: { tags, querystring: DocumentQuerySchema, response: { 200: detailOf(DocumentDetailSchema) } },
    },
    async (request) => ({ detail: await service.getDocument(callerOf(request), request.query.plDocumentId) }),
  );

  app.post(
    '/document',
    {
      ...auth,
      schema: { tags, body: UploadDocumentInputSchema, response: { 200: detailOf(DocumentVersionSchema) } },
    },
    async (request) => ({ detail: await service.uploadDocument(callerOf(request), request.body) }),
  );

  app.post(
    '/deleteDocuments',
    {
      ...auth,
      schema: {
        tags,
        body: DeleteDocumentsInputSchema,
        response: { 200: detailOf(z.object({ deleted: IntSchema })) },
      },
    },
    async (request) => ({
      detail: await service.deleteDocuments(
        callerOf(request),
        request.body.plCompanyId,
        request.body.documentIds,
      ),
    }),
  );

  app.post(
    '/getDownloadLink',
    {
      ...auth,
      schema: {
        tags,
        body: z.object({
          documentId: IdSchema,
          variant: z.enum(['original', 'view']).default('original'),
        }),
        response: { 200: detailOf(DownloadLinkSchema) },
      },
    },
    async (request) => ({
      detail: await service.getDownloadLink(callerOf(request), request.body.documentId, request.body.variant),
    }),
  );

  // The signature stands in for the session, so the link works in <iframe>, <img> and downloads.
  app.get(
    '/file',
    {
      schema: {
        tags,
        querystring: z.object({
          documentId: QueryIdSchema,
          variant: z.enum(['original', 'view']),
          expires: QueryEpochMsSchema,
          sig: TextSchema.min(1).max(200),
          download: z.enum(['0', '1']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { documentId, variant, expires, sig, download } = request.query;
      const file = await service.openSigned(documentId, variant, expires, sig);
      const safeName = file.fileName.replace(/[^\w.\- ]+/g, '_');
      return reply
        .header('content-type', CONTENT_TYPES[file.extension] ?? 'application/octet-stream')
        .header(
          'content-disposition',
          `${download === '1' ? 'attachment' : 'inline'}; filename="${safeName}"`,
        )
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(storage.open(file.key));
    },
  );

  app.get(
    '/notes',
    { ...auth, schema: { tags, querystring: NotesQuerySchema, response: { 200: NotesSchema } } },
    async (request) => ({ detail: await service.listNotes(callerOf(request), request.query.plDocumentId) }),
  );

  app.post(
    '/notes',
    { ...auth, schema: { tags, body: AddNoteInputSchema, response: { 200: NotesSchema } } },
    async (request) => ({
      detail: await service.addNote(callerOf(request), request.body.plDocumentId, request.body.note),
    }),
  );

  app.post(
    '/updateDocumentReviewStatus',
    {
      ...auth,
      schema: {
        tags,
        body: UpdateReviewStatusInputSchema,
        response: { 200: detailOf(DocumentVersionSchema) },
      },
    },
    async (request) => ({
      detail: await service.updateDocumentReviewStatus(callerOf(request), request.body),
    }),
  );

  app.post(
    '/reviewQueue',
    {
      ...auth,
      schema: { tags, response: { 200: detailOf(z.object({ items: z.array(ReviewQueueItemSchema) })) } },
    },
    async (request) => ({ detail: await service.reviewQueue(callerOf(request)) }),
  );

  app.post(
    '/reviewer',
    { ...auth, schema: { tags, body: AssignReviewerInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      await service.assignReviewer(callerOf(request), request.body);
      return { detail: { ok: true as const } };
    },
  );

  app.post(
    '/reasonListing',
    {
      ...auth,
      schema: {
        tags,
        body: ReasonListingInputSchema.optional(),
        response: { 200: detailOf(ReasonListingSchema) },
      },
    },
    async () => ({ detail: await service.reasonListing() }),
  );

  app.post(
    '/upsertReason',
    {
      ...auth,
      schema: { tags, body: UpsertReasonInputSchema, response: { 200: detailOf(ReasonListingSchema) } },
    },
    async (request) => ({ detail: await service.upsertReason(callerOf(request), request.body) }),
  );
};

/** COA batch upload (spec 3 §3 "COA upload job"); progress also arrives over the live channel. */
export const coaRoutes: FastifyPluginAsyncZod<{ service: DocumentsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/uploadCoas',
    {
      schema: { tags: ['coa'], body: UploadCoasInputSchema, response: { 200: detailOf(CoaUploadJobSchema) } },
    },
    async (request) => ({ detail: await service.uploadCoas(callerOf(request), request.body) }),
  );

  app.get(
    '/uploadJob',
    {
      schema: {
        tags: ['coa'],
        querystring: CoaUploadQuerySchema,
        response: { 200: detailOf(CoaUploadJobSchema) },
      },
    },
    async (request) => ({
      detail: await service.getCoaUpload(callerOf(request), request.query.plUserUploadCoaId),
    }),
  );
};
