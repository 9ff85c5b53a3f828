import type { UploadedFile } from '@trustleaf/domain/api/storage';
import type { UploadMode } from '@trustleaf/domain/rules/uploads';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api';

export type UploadResult = UploadedFile;

/**
 * s3Preupload (spec 1 §7): one multipart POST to /api/storage/preupload; the result's key is what
 * forms send on (detail[0].key). The contract loads on first use, off the sign-in page's first load.
 */
export async function uploadFile(
  file: File,
  mode: UploadMode,
  options: { plCompanyId?: number; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  const { preupload } = await import('@trustleaf/domain/api/storage');
  const body = new FormData();
  body.append('files', file, file.name);
  const input = options.plCompanyId ? { mode, plCompanyId: options.plCompanyId } : { mode };
  const [first] = await api.upload(preupload, input, body, { signal: options.signal });
  if (!first) throw new ApiError(200, 'UNKNOWN', 'Upload failed');
  return first;
}
