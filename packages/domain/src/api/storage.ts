import { z } from 'zod';
import { UPLOAD_MODES } from '../rules/uploads.ts';
import { IntSchema, QueryEpochMsSchema, QueryIdSchema, TextSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

/** Upload storage (spec 3 §7 storage preupload, getFileUrl): files are checked by content, not name. */
const tag = 'storage';

export const UploadedFileSchema = z.object({
  key: TextSchema,
  name: TextSchema,
  size: IntSchema,
  extension: TextSchema,
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

export const preupload = endpoint({
  method: 'POST',
  path: '/api/storage/preupload',
  multipart: true,
  input: z.object({
    mode: z.enum(UPLOAD_MODES).default('any'),
    plCompanyId: QueryIdSchema.optional(),
  }),
  output: z.array(UploadedFileSchema),
  access: 'user',
  tag,
  summary: 'Upload files (multipart) and receive their keys',
  description:
    'Stores up to 10 files sent as multipart/form-data (field `files`) for the mode given (document, coa, image, …), checking each by its content (not its name) and stopping a file at the mode’s size limit while it streams. The keys answered are what document uploads, COA batches and logos refer to; a key nothing refers to after 24 hours is removed. plCompanyId must be a company of the caller.',
  errors: ['PAYLOAD_TOO_LARGE', 'PLAN_LIMIT_REACHED'],
});

export const getFileUrl = endpoint({
  method: 'POST',
  path: '/api/storage/getFileUrl',
  input: z.object({ key: TextSchema.min(1).max(200) }),
  output: z.object({ url: TextSchema, expiresAt: TextSchema }),
  access: 'user',
  tag,
  summary: 'A five-minute link to a stored upload',
  description:
    'A signed link, valid five minutes, to a file the caller uploaded or one of their companies holds; any other key is NOT_FOUND.',
});

export const storedFile = endpoint({
  method: 'GET',
  path: '/api/storage/file',
  input: z.object({
    key: TextSchema.min(1).max(200),
    expires: QueryEpochMsSchema,
    sig: TextSchema.min(1),
  }),
  output: z.never(),
  file: { contentType: 'the stored file’s own type (PDF, image, CSV, ZIP, Office)' },
  access: 'public',
  tag,
  summary: 'A stored upload, through a signed link',
  description:
    'Streams the file a getFileUrl link names while its signature and expiry hold; no session needed (the signature is the credential).',
});
