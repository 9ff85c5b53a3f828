/**
 * Upload modes and their rules (spec 1 §5 "Upload checks", spec 3 §5 "Allowed upload types"): the
 * client checks by extension for a quick message, the server by content.
 */
export const UPLOAD_MODES = ['image', 'pdf', 'csv', 'any', 'document', 'coa', 'import'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

export const MB = 1024 * 1024;

export const UPLOAD_RULES: Record<
  UploadMode,
  { extensions: readonly string[]; maxBytes: number; message: string }
> = {
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
    maxBytes: 10 * MB,
    message: 'Please upload file image only.',
  },
  pdf: { extensions: ['pdf'], maxBytes: 10 * MB, message: 'Please upload file pdf only.' },
  csv: { extensions: ['csv'], maxBytes: 20 * MB, message: 'Please upload file csv only.' },
  any: {
    extensions: ['jpeg', 'gif', 'jpg', 'png', 'tiff', 'pdf', 'doc', 'docx', 'xls', 'xlsx'],
    maxBytes: 10 * MB,
    message: 'File Type Is Not Supported',
  },
  document: {
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png', 'tiff', 'gif'],
    maxBytes: 10 * MB,
    message: 'File Type Is Not Supported',
  },
  coa: {
    extensions: ['pdf', 'zip', 'jpg', 'jpeg', 'png', 'bmp', 'tif', 'tiff', 'webp'],
    maxBytes: 20 * MB,
    message: 'File Type Is Not Supported',
  },
  import: { extensions: ['csv', 'zip'], maxBytes: 20 * MB, message: 'File Type Is Not Supported' },
};

export const PASSWORD_PROTECTED_MESSAGE = 'Cannot upload a password protected document';

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The quick client-side check by name; the server repeats it on the content. */
export function checkUploadName(mode: UploadMode, name: string): string | null {
  return UPLOAD_RULES[mode].extensions.includes(extensionOf(name)) ? null : UPLOAD_RULES[mode].message;
}

/** What a file picker of the mode offers in the browser's dialog. */
export function acceptFor(mode: UploadMode): string {
  if (mode === 'image') return 'image/*';
  return UPLOAD_RULES[mode].extensions.map((ext) => `.${ext}`).join(',');
}

/** The picker's check: the mode's message, or null when the file suits it (spec 1 §5). */
export function checkUploadFile(mode: UploadMode, file: { name: string; type: string }): string | null {
  const byName = checkUploadName(mode, file.name);
  if (byName) return byName;
  if (mode === 'image' && file.type && !file.type.startsWith('image/')) return UPLOAD_RULES.image.message;
  return null;
}

/** Spec 1 §5: over the configured MB limit an image is compressed, with a warning first. */
export function isOverSizeLimit(bytes: number, limitMb: number): boolean {
  return bytes > limitMb * MB;
}
