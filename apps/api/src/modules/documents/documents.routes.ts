import * as contracts from '@trustleaf/domain/api/documents';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGER_GATE, type CallerGate } from '../../lib/authz.ts';
import { route } from '../../lib/route.ts';
import type { Storage } from '../../lib/storage.ts';
import type { DocumentsService } from './documents.service.ts';

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

/** Document types and rejection reasons are the platform's, kept by its super admins. */
const DOCUMENT_ADMIN_GATE: CallerGate = { superAdmin: COMMON_REFUSALS.superAdminOnly };
/** Any member but a weak user uploads documents and COAs. */
const UPLOADER_GATE: CallerGate = { companyRoles: ['Company Owner', 'Company Admin', 'User'] };

/** Document vault (spec 2 document types; spec 3 review, reasons, documents): contracts in domain/api/documents. */
export const documentRoutes: FastifyPluginAsyncZod<{ service: DocumentsService; storage: Storage }> = async (
  app,
  { service, storage },
) => {
  route(app, contracts.documentTypeListing, () => service.documentTypeListing());
  route(
    app,
    contracts.upsertDocumentType,
    async ({ auth, input }) => {
      await service.upsertDocumentType(auth, input);
      return service.documentTypeListing();
    },
    { gate: DOCUMENT_ADMIN_GATE },
  );
  route(app, contracts.getDocumentTypeDetail, ({ auth, input }) =>
    service.getDocumentTypeDetail(auth, input),
  );
  route(app, contracts.listDocuments, ({ auth, input }) =>
    service.listDocuments(auth, input.plCompanyId, input.classification),
  );
  route(app, contracts.getDocument, ({ auth, input }) => service.getDocument(auth, input.plDocumentId));
  route(app, contracts.uploadDocument, ({ auth, input }) => service.uploadDocument(auth, input), {
    gate: UPLOADER_GATE,
  });
  route(
    app,
    contracts.deleteDocuments,
    ({ auth, input }) => service.deleteDocuments(auth, input.plCompanyId, input.documentIds),
    { gate: MANAGER_GATE },
  );
  route(app, contracts.getDownloadLink, ({ auth, input }) =>
    service.getDownloadLink(auth, input.documentId, input.variant),
  );

  // The signature stands in for the session, so the link works in <iframe>, <img> and downloads.
  route(app, contracts.documentFile, async ({ input, reply }) => {
    const { documentId, variant, expires, sig, download } = input;
    const file = await service.openSigned(documentId, variant, expires, sig);
    // Opened before any header is set: a file that is gone answers as a plain JSON 404.
    const stream = await storage.open(file.key);
    const safeName = file.fileName.replace(/[^\w.\- ]+/g, '_');
    return reply
      .header('content-type', CONTENT_TYPES[file.extension] ?? 'application/octet-stream')
      .header('content-disposition', `${download === '1' ? 'attachment' : 'inline'}; filename="${safeName}"`)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });

  route(app, contracts.listNotes, ({ auth, input }) => service.listNotes(auth, input.plDocumentId));
  route(app, contracts.addNote, ({ auth, input }) => service.addNote(auth, input.plDocumentId, input.note));
  route(app, contracts.updateDocumentReviewStatus, ({ auth, input }) =>
    service.updateDocumentReviewStatus(auth, input),
  );
  route(app, contracts.reviewQueue, ({ auth }) => service.reviewQueue(auth));
  route(
    app,
    contracts.reviewerListing,
    ({ auth, input }) => service.reviewerListing(auth, input.plCompanyId),
    { gate: MANAGER_GATE },
  );
  route(
    app,
    contracts.assignReviewer,
    async ({ auth, input }) => {
      await service.assignReviewer(auth, input);
      return { ok: true as const };
    },
    { gate: MANAGER_GATE },
  );
  route(app, contracts.reasonListing, () => service.reasonListing());
  route(app, contracts.upsertReason, ({ auth, input }) => service.upsertReason(auth, input), {
    gate: DOCUMENT_ADMIN_GATE,
  });
};

/** COA batch upload (spec 3 §3 "COA upload job"); progress also arrives over the live channel. */
export const coaRoutes: FastifyPluginAsyncZod<{ service: DocumentsService }> = async (app, { service }) => {
  route(app, contracts.uploadCoas, ({ auth, input }) => service.uploadCoas(auth, input), {
    gate: UPLOADER_GATE,
  });
  route(app, contracts.getCoaUploadJob, ({ auth, input }) =>
    service.getCoaUpload(auth, input.plUserUploadCoaId),
  );
};
