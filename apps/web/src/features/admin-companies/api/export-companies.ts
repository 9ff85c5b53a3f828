import { exportCompanyListing } from '@trustleaf/domain/api/admin';
import {
  EXPORT_TOTAL_HEADER,
  type ExportCompanyListingInput,
  type ExportFormat,
} from '@trustleaf/domain/schemas/admin';
import { api } from '@/lib/api';

/** How far an export is: rows written (CSV) or bytes received (XLSX, compressed as it streams). */
export interface ExportProgress {
  format: ExportFormat;
  total: number;
  rows: number;
  bytes: number;
}

const LINE_FEED = 10;

/**
 * The company export (spec 3 §7 exportCompanyListing, a blob), read as it streams so the screen can
 * show progress; the file is saved once complete. Opened through the API client by its contract, so
 * the session's token, its refresh and the error answers are those of every other call.
 */
export async function downloadCompanyExport(
  input: ExportCompanyListingInput & { format: ExportFormat },
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await api.stream(exportCompanyListing, input, { signal });
  if (!response.body) throw new Error('The export answered without a body');
  const total = Number(response.headers.get(EXPORT_TOTAL_HEADER) ?? 0);
  const progress: ExportProgress = { format: input.format, total, rows: 0, bytes: 0 };
  onProgress({ ...progress });
  const chunks: Uint8Array[] = [];
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    if (input.format === 'csv') {
      for (const byte of value) if (byte === LINE_FEED) lines += 1;
      // The first line is the header.
      progress.rows = Math.min(total, Math.max(0, lines - 1));
    }
    onProgress({ ...progress });
  }
  onProgress({ ...progress, rows: total });
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `companies.${input.format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
