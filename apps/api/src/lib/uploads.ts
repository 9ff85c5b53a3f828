import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { fileTypeFromBuffer } from 'file-type';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import { UPLOAD_RULES, type UploadMode } from '@trustleaf/domain/rules/uploads';
import { readZip } from './archives.ts';
import { refusal } from './errors.ts';
import type { WorkerLimits } from '@trustleaf/scanner';

/** What the content says a file is, as one of the extensions the upload rules name. */
async function detectKind(head: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    // Legacy Office files are OLE compound files; file-type names the container, not the program.
    if (detected.ext === 'cfb') return 'doc';
    if (detected.ext === 'tif') return 'tiff';
    return detected.ext;
  }
  return looksLikeText(head) ? 'csv' : null;
}

/** CSV has no signature: accept UTF-8 text without NUL bytes. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(head).includes('\uFFFD');
}

const EQUIVALENT: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  doc: ['doc', 'xls'],
  tiff: ['tif', 'tiff'],
  zip: ['zip'],
};

/**
 * Refuses a file whose content is not one of the mode's types, whatever its name says (a renamed
 * .exe stays an executable). Returns the detected extension.
 */
export async function checkUploadContent(mode: UploadMode, head: Buffer): Promise<string> {
  const rule = UPLOAD_RULES[mode];
  const kind = await detectKind(head);
  const names = kind ? (EQUIVALENT[kind] ?? [kind]) : [];
  if (!kind || !names.some((name) => rule.extensions.includes(name))) {
    throw refusal('VALIDATION_FAILED', rule.refusal, { reason: 'type', detected: kind });
  }
  return kind;
}

// The check below, run in a worker thread: parsing a PDF inflates its object streams, and a crafted
// file of a few hundred KB inflates to gigabytes (seconds to minutes of the only thread, unbounded memory).
const PDF_ENCRYPTION_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const content = workerData.content;
  const { PDFDocument } = await import(workerData.pdfLib);
  try {
    const pdf = await PDFDocument.load(content, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
    });
    return pdf.isEncrypted;
  } catch {
    const { getDocumentProxy } = await import(workerData.unpdf);
    try {
      const pdf = await getDocumentProxy(new Uint8Array(content));
      const { info } = await pdf.getMetadata();
      return Boolean(info && info.EncryptFilterName);
    } catch (error) {
      return Boolean(error) && error.name === 'PasswordException';
    }
  }
})().then(
  (result) => parentPort.postMessage({ result }),
  (error) => parentPort.postMessage({ error: String(error && error.message), name: error && error.name }),
);
`;

/** Bounds of the encryption check: a real PDF of the upload limit's size is read in a few seconds. */
export const PDF_CHECK_LIMITS: WorkerLimits = { timeoutMs: 20_000, maxHeapMb: 384 };

/**
 * Whether a PDF is encrypted (ISO 32000-1 §7.6: an `/Encrypt` entry in the trailer or the
 * cross-reference stream), as a PDF parser reads it: names written with `#xx` escapes and comments
 * between tokens are the parser's business, not a byte pattern's. pdf-lib parses what it can of a
 * damaged file; when it gives up, pdf.js (which rebuilds broken cross-reference tables) decides.
 * Both run in a worker thread within `limits`; a PDF past them is refused as unreadable.
 */
export async function isPasswordProtectedPdf(
  content: Buffer,
  limits: WorkerLimits = PDF_CHECK_LIMITS,
): Promise<boolean> {
  const { runInWorker, WorkerLimitError } = await import('@trustleaf/scanner');
  try {
    return await runInWorker<boolean>(
      PDF_ENCRYPTION_WORKER,
      {
        content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength),
        pdfLib: import.meta.resolve('pdf-lib'),
        unpdf: import.meta.resolve('unpdf'),
      },
      limits,
    );
  } catch (error) {
    if (error instanceof WorkerLimitError && error.reason !== 'failed') {
      throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.pdfUnreadable, { reason: error.reason });
    }
    // Any other failure leaves an unreadable file, which the document's own processing reports.
    return false;
  }
}

async function assertPdfNotProtected(content: Buffer): Promise<void> {
  if (await isPasswordProtectedPdf(content)) {
    throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.passwordProtected, { reason: 'encrypted' });
  }
}

/**
 * Checks what a file holds beyond its type: no encrypted PDF (alone or inside a ZIP), a ZIP within
 * the archive bounds, CSV that parses.
 */
export async function checkUploadBody(mode: UploadMode, kind: string, content: Buffer): Promise<void> {
  if (kind === 'pdf') await assertPdfNotProtected(content);
  else if (kind === 'zip') {
    await readZip(content, {
      keep: (entry) => entry.kind === 'pdf',
      visit: (_entry, pdf) => assertPdfNotProtected(pdf),
    });
  } else if (kind === 'csv') await assertParsableCsv(mode, content);
}

/**
 * CSV has no signature, so text is CSV only when it parses as one: quotes closed, the same number
 * of columns on every row, and at least two columns (prose with or without commas is refused).
 */
async function assertParsableCsv(mode: UploadMode, content: Buffer): Promise<void> {
  const refuse = (reason: string) =>
    refusal('VALIDATION_FAILED', UPLOAD_RULES[mode].refusal, { reason: 'csv', detail: reason });
  let columns = 0;
  try {
    const parser = Readable.from([content]).pipe(
      parseCsv({ bom: true, skip_empty_lines: true, relax_column_count: false }),
    );
    for await (const record of parser as AsyncIterable<string[]>) {
      columns ||= record.length;
    }
  } catch (error) {
    throw refuse(String((error as Error).message).slice(0, 200));
  }
  if (columns < 2) throw refuse('fewer than two columns');
}
