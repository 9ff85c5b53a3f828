import { fileTypeFromBuffer } from 'file-type';
import { PASSWORD_PROTECTED_MESSAGE, UPLOAD_RULES, type UploadMode } from '@trustleaf/domain/rules/uploads';
import { AppError } from './errors.ts';

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
    throw new AppError('VALIDATION_FAILED', rule.message, { reason: 'type', detected: kind });
  }
  return kind;
}

/**
 * An encrypted PDF names its encryption dictionary with `/Encrypt` in the trailer or the
 * cross-reference stream dictionary (ISO 32000-1 §7.6.1).
 */
export function isPasswordProtectedPdf(content: Buffer): boolean {
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(content.toString('latin1'));
}

export function assertNotPasswordProtected(kind: string, content: Buffer): void {
  if (kind === 'pdf' && isPasswordProtectedPdf(content)) {
    throw new AppError('VALIDATION_FAILED', PASSWORD_PROTECTED_MESSAGE, { reason: 'encrypted' });
  }
}
