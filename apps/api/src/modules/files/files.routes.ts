import multipart from '@fastify/multipart';
import { UPLOAD_RULES } from '@trustleaf/domain/rules/uploads';
import * as contracts from '@trustleaf/domain/api/storage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusal } from '../../lib/errors.ts';
import { COMMON_REFUSALS, NAMED_REFUSALS } from '@trustleaf/domain/refusals';
import { route } from '../../lib/route.ts';
import type { FilesService, UploadedFile } from './files.service.ts';

const MAX_FILES = 10;

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  csv: 'text/csv',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const fileRoutes: FastifyPluginAsyncZod<{ service: FilesService }> = async (app, { service }) => {
  // Only these routes read multipart bodies. Registered here, the plugin's per-request hooks (an
  // async onRequest and onResponse for its temporary files) stay off every other route.
  // Per-request limits are set where the files are read; these are the outer bounds.
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: MAX_FILES, fields: 20, parts: 30 },
  });
  app.addHook('onReady', async () => {
    const removed = await service.removeStalePartials();
    if (removed > 0) app.log.info(`removed ${removed} partial upload(s) left by an interrupted process`);
  });

  route(app, contracts.preupload, async ({ auth, input, request, reply }) => {
    if (!request.isMultipart()) throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.sendMultipart);
    const { mode, plCompanyId } = input;
    await service.authorise(auth, plCompanyId);
    const maxBytes = UPLOAD_RULES[mode].maxBytes;
    const tooLarge = () =>
      refusal('PAYLOAD_TOO_LARGE', NAMED_REFUSALS.fileTooLarge(maxBytes / (1024 * 1024)));
    const stored: UploadedFile[] = [];
    try {
      for await (const part of request.files({ limits: { fileSize: maxBytes, files: MAX_FILES } })) {
        // At the limit busboy only stops passing bytes on; it would read the rest of the part (and
        // the request) before the file ends. Failing the file here stops the upload at the limit.
        part.file.once('limit', () => part.file.destroy(tooLarge()));
        stored.push(
          await service.store(auth, {
            mode,
            companyId: plCompanyId,
            // A part sent with filename="" comes without one (busboy), though the type says otherwise.
            name: part.filename ?? '',
            stream: part.file,
            truncated: () => part.file.truncated,
          }),
        );
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'PAYLOAD_TOO_LARGE') {
        // The rest of the body is never read: the connection closes once the answer is written.
        void reply.header('connection', 'close');
        throw tooLarge();
      }
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
        throw refusal('VALIDATION_FAILED', NAMED_REFUSALS.tooManyFiles(MAX_FILES));
      }
      throw error;
    }
    if (stored.length === 0) throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.cannotUploadFile);
    return stored;
  });

  route(app, contracts.getFileUrl, ({ auth, input }) => service.getFileUrl(auth, input.key));

  route(app, contracts.storedFile, async ({ input, reply }) => {
    const { key, expires, sig } = input;
    const { file, stream } = await service.openSigned(key, expires, sig);
    const safeName = file.originalName.replace(/[^\w.\- ]+/g, '_');
    return reply
      .header('content-type', CONTENT_TYPES[file.extension] ?? 'application/octet-stream')
      .header('content-disposition', `inline; filename="${safeName}"`)
      .header('cache-control', 'private, max-age=300')
      .send(stream);
  });
};
