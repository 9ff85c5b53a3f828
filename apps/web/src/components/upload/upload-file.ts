import type { UploadMode } from '@trustleaf/domain/rules/uploads';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/stores/app-store';

export interface UploadResult {
  key: string;
  name: string;
  size: number;
  extension: string;
}

/**
 * s3Preupload (spec 1 §7): one multipart POST to /api/storage/preupload; the result's key is what
 * forms send on (detail[0].key). Multipart is not JSON, hence not through the JSON api client.
 */
export async function uploadFile(
  file: File,
  mode: UploadMode,
  options: { plCompanyId?: number; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  const query = new URLSearchParams({ mode });
  if (options.plCompanyId) query.set('plCompanyId', String(options.plCompanyId));
  const body = new FormData();
  body.append('files', file, file.name);
  const token = getAccessToken();
  const response = await fetch(`/api/storage/preupload?${query.toString()}`, {
    method: 'POST',
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: options.signal,
  });
  const payload = (await response.json().catch(() => null)) as {
    detail?: UploadResult[];
    messages?: string[];
    code?: string;
  } | null;
  const first = payload?.detail?.[0];
  if (!response.ok || !first) {
    throw new ApiError(
      response.status,
      payload?.code ?? 'UNKNOWN',
      payload?.messages?.[0] ?? 'Upload failed',
    );
  }
  return first;
}
