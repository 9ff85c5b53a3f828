import * as storage from '@trustleaf/domain/api/storage';
import { api } from '@/lib/api';

/** Stores files through the shared preupload endpoint (content-checked, size-limited while streaming). */
export async function preupload(files: File[], mode: 'document' | 'coa', plCompanyId: number) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload(storage.preupload, { mode, plCompanyId }, form);
}
