/** Spec 1 §5 "Upload checks": what each picker mode accepts, judged on the client by name and type
 * (the server judges again by content). */
export const UPLOAD_MODES = ['image', 'pdf', 'csv', 'any'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

export const UPLOAD_MESSAGES = {
  csv: 'Please upload file csv only.',
  pdf: 'Please upload file pdf only.',
  image: 'Please upload file image only.',
  any: 'File type is not supported. Please upload jpeg, gif, jpg, png, tiff, pdf, doc, docx, xls or xlsx.',
} as const satisfies Record<UploadMode, string>;

export const ANY_FILE_EXTENSIONS = [
  'jpeg',
  'gif',
  'jpg',
  'png',
  'tiff',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
] as const;
const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'tiff', 'tif', 'webp', 'bmp'];

export const UPLOAD_ACCEPT: Record<UploadMode, string> = {
  image: 'image/*',
  pdf: 'application/pdf,.pdf',
  csv: 'text/csv,.csv',
  any: ANY_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(','),
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The message to show, or null when the file suits the mode. */
export function checkUploadFile(mode: UploadMode, file: { name: string; type: string }): string | null {
  const ext = extensionOf(file.name);
  const type = file.type.toLowerCase();
  switch (mode) {
    case 'csv':
      return ext === 'csv' ? null : UPLOAD_MESSAGES.csv;
    case 'pdf':
      return ext === 'pdf' && (type === '' || type === 'application/pdf') ? null : UPLOAD_MESSAGES.pdf;
    case 'image':
      return type.startsWith('image/') && IMAGE_EXTENSIONS.includes(ext) ? null : UPLOAD_MESSAGES.image;
    case 'any':
      return (ANY_FILE_EXTENSIONS as readonly string[]).includes(ext) ? null : UPLOAD_MESSAGES.any;
  }
}

/** Spec 1 §5: over the configured MB limit an image is compressed, with a warning first. */
export function isOverSizeLimit(bytes: number, limitMb: number): boolean {
  return bytes > limitMb * 1024 * 1024;
}
