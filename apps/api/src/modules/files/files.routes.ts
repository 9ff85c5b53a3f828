import multipart from '@fastify/multipart';
import { UPLOAD_MODES, UPLOAD_RULES } from '@trustleaf/domain/rules/uploads';
import {
  IntSchema,
  QueryIdSchema,
  QueryEpochMsSchema,
  TextSchema,
  detailOf,
} from '@trustleaf/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { documented, errorResponses } from '../../lib/route.ts';
import { callerOf } from '../../plugins/auth.ts';
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

  app.post(
    '/preupload',
    {
      onRequest: app.authenticate,
      schema: {
        ...documented({
          tag: 'storage',
          summary: 'Upload files (multipart) and receive their keys',
          description:
            'Stores up to 10 files sent as multipart/form-data for the mode given (document, coa, image, …), checking each by its content (not its name) and stopping a file at the mode’s size limit while it streams. The keys answered are what document uploads, COA batches and logos refer to; a key nothing refers to after 24 hours is removed. plCompanyId must be a company of the caller.',
          access: 'user',
        }),
        consumes: ['multipart/form-data'],
        querystring: z.object({
          mode: z.enum(UPLOAD_MODES).default('any'),
          plCompanyId: QueryIdSchema.optional(),
        }),
        response: {
          200: detailOf(
            z.array(z.object({ key: TextSchema, name: TextSchema, size: IntSchema, extension: TextSchema })),
          ),
          ...errorResponses('user', ['PAYLOAD_TOO_LARGE', 'PLAN_LIMIT_REACHED']),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('VALIDATION_FAILED', 'Send the files as multipart/form-data');
      const auth = callerOf(request);
      const { mode, plCompanyId } = request.query;
      await service.authorise(auth, plCompanyId);
      const maxBytes = UPLOAD_RULES[mode].maxBytes;
      const tooLarge = () =>
        new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes / (1024 * 1024)} MB`);
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
              name: part.filename,
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
          throw new AppError('VALIDATION_FAILED', `At most ${MAX_FILES} files can be uploaded at once`);
        }
        throw error;
      }
      if (stored.length === 0) throw new AppError('VALIDATION_FAILED', 'Cannot upload your file');
      return { detail: stored };
    },
  );

  app.post(
    '/getFileUrl',
    {
      onRequest: app.authenticate,
      schema: {
        ...documented({
          tag: 'storage',
          summary: 'A five-minute link to a stored upload',
          description:
            'A signed link, valid five minutes, to a file the caller uploaded or one of their companies holds; any other key is NOT_FOUND.',
          access: 'user',
        }),
        body: z.object({ key: TextSchema.min(1).max(200) }),
        response: {
          200: detailOf(z.object({ url: TextSchema, expiresAt: TextSchema })),
          ...errorResponses('user'),
        },
      },
    },
    async (request) => ({ detail: await service.getFileUrl(callerOf(request), request.body.key) }),
  );

  app.get(
    '/file',
    {
      schema: {
        ...documented({
          tag: 'storage',
          summary: 'A stored upload, through a signed link',
          description:
            'Streams the file a getFileUrl link names while its signature and expiry hold; no session needed (the signature is the credential).',
          access: 'public',
        }),
        querystring: z.object({
          key: TextSchema.min(1).max(200),
          expires: QueryEpochMsSchema,
          sig: TextSchema.min(1),
        }),
        response: errorResponses('public'),
      },
    },
    async (request, reply) => {
      const { key, expires, sig } = request.query;
      const { file, stream } = await service.openSigned(key, expires, sig);
      const safeName = file.originalName.replace(/[^\w.\- ]+/g, '_');
      return reply
        .header('content-type', CONTENT_TYPES[file.extension] ?? 'application/octet-stream')
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    },
  );
};
