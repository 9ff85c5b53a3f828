import { describe, expect, it } from 'vitest';
import { checkUploadName, extensionOf, UPLOAD_RULES } from './uploads.ts';

describe('upload rules', () => {
  it('answers each mode with its spec message', () => {
    expect(checkUploadName('csv', 'prospects.xlsx')).toBe('Please upload file csv only.');
    expect(checkUploadName('pdf', 'licence.docx')).toBe('Please upload file pdf only.');
    expect(checkUploadName('image', 'logo.pdf')).toBe('Please upload file image only.');
    expect(checkUploadName('any', 'tool.exe')).toBe('File Type Is Not Supported');
    expect(checkUploadName('any', 'Licence.PDF')).toBeNull();
  });

  it('reads the extension case-insensitively', () => {
    expect(extensionOf('a.b.JPEG')).toBe('jpeg');
    expect(extensionOf('noext')).toBe('');
  });

  it('limits general files to 10 MB and imports to 20 MB', () => {
    expect(UPLOAD_RULES.document.maxBytes).toBe(10 * 1024 * 1024);
    expect(UPLOAD_RULES.import.maxBytes).toBe(20 * 1024 * 1024);
    expect(UPLOAD_RULES.coa.extensions).toEqual([
      'pdf',
      'zip',
      'jpg',
      'jpeg',
      'png',
      'bmp',
      'tif',
      'tiff',
      'webp',
    ]);
  });
});
