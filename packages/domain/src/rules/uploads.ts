import { COMMON_REFUSALS } from '../refusals.ts';
import type { KeyedMessage } from '../validation-issues.ts';

/**
 * Upload modes and their rules (spec 1 §5 "Upload checks", spec 3 §5 "Allowed upload types"): the
 * client checks by extension for a quick message, the server by content.
 */
export const UPLOAD_MODES = ['image', 'pdf', 'csv', 'any', 'document', 'coa', 'import'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

export const MB = 1024 * 1024;

function refusedWith(refusal: KeyedMessage) {
  return { message: refusal.message, refusal };
}

/** Each mode's types and size; `refusal` (its key and text) refuses a file of another type. */
export const UPLOAD_RULES: Record<
  UploadMode,
  { extensions: readonly string[]; maxBytes: number; message: string; refusal: KeyedMessage }
> = {
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
    maxBytes: 10 * MB,
    ...refusedWith(COMMON_REFUSALS.uploadImageOnly),
  },
  pdf: { extensions: ['pdf'], maxBytes: 10 * MB, ...refusedWith(COMMON_REFUSALS.uploadPdfOnly) },
  csv: { extensions: ['csv'], maxBytes: 20 * MB, ...refusedWith(COMMON_REFUSALS.uploadCsvOnly) },
  any: {
    extensions: ['jpeg', 'gif', 'jpg', 'png', 'tiff', 'pdf', 'doc', 'docx', 'xls', 'xlsx'],
    maxBytes: 10 * MB,
    ...refusedWith(COMMON_REFUSALS.fileTypeNotSupported),
  },
  document: {
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png', 'tiff', 'gif'],
    maxBytes: 10 * MB,
    ...refusedWith(COMMON_REFUSALS.fileTypeNotSupported),
  },
  coa: {
    extensions: ['pdf', 'zip', 'jpg', 'jpeg', 'png', 'bmp', 'tif', 'tiff', 'webp'],
    maxBytes: 20 * MB,
    ...refusedWith(COMMON_REFUSALS.fileTypeNotSupported),
  },
  import: {
    extensions: ['csv', 'zip'],
    maxBytes: 20 * MB,
    ...refusedWith(COMMON_REFUSALS.fileTypeNotSupported),
  },
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The quick client-side check by name, as the mode's keyed refusal; the server repeats it on the content. */
export function uploadNameRefusal(mode: UploadMode, name: string): KeyedMessage | null {
  return UPLOAD_RULES[mode].extensions.includes(extensionOf(name)) ? null : UPLOAD_RULES[mode].refusal;
}

/** The quick client-side check by name; the server repeats it on the content. */
export function checkUploadName(mode: UploadMode, name: string): string | null {
  return uploadNameRefusal(mode, name)?.message ?? null;
}

/** What a file picker of the mode offers in the browser's dialog. */
export function acceptFor(mode: UploadMode): string {
  if (mode === 'image') return 'image/*';
  return UPLOAD_RULES[mode].extensions.map((ext) => `.${ext}`).join(',');
}

/** The picker's check: the mode's keyed refusal, or null when the file suits it (spec 1 §5). */
export function uploadFileRefusal(
  mode: UploadMode,
  file: { name: string; type: string },
): KeyedMessage | null {
  const byName = uploadNameRefusal(mode, file.name);
  if (byName) return byName;
  if (mode === 'image' && file.type && !file.type.startsWith('image/')) return UPLOAD_RULES.image.refusal;
  return null;
}

/** The picker's check as the mode's message, or null when the file suits it. */
export function checkUploadFile(mode: UploadMode, file: { name: string; type: string }): string | null {
  return uploadFileRefusal(mode, file)?.message ?? null;
}

/** Spec 1 §5: over the configured MB limit an image is compressed, with a warning first. */
export function isOverSizeLimit(bytes: number, limitMb: number): boolean {
  return bytes > limitMb * MB;
}
