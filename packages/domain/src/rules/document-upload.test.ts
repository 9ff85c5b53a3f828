import { describe, expect, it } from 'vitest';
import { createUploadDocumentFormSchema, uploadDocumentIssues } from './document-upload.ts';

const licence = { licenseCheck: true, certificationCheck: false, expirationCheck: true, today: '2026-11-27' };
const place = {
  licenseNumber: 'LIC-1',
  licenseCountry: 'US',
  licenseState: 'CO',
  licenseAddress: '1 Main St',
};

describe('uploadDocumentIssues', () => {
  it('asks a licence type for the whole licence block and an expiry, each on its field with its key', () => {
    expect(uploadDocumentIssues({}, licence).map((issue) => [issue.field, issue.key])).toEqual([
      ['expirationDate', 'documents.messages.expirationRequired'],
      ['licenseNumber', 'documents.messages.licenseNumberRequired'],
      ['licenseCountry', 'documents.messages.countryRequired'],
      ['licenseState', 'documents.messages.stateRequired'],
      ['licenseAddress', 'documents.messages.addressRequired'],
    ]);
  });

  it('refuses an expiry before today and a licence number with other characters; today is fine', () => {
    const issues = uploadDocumentIssues(
      { ...place, licenseNumber: 'LIC 1', expirationDate: '2026-11-26' },
      licence,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'Expiration Date cannot be earlier than today',
      'Please enter a valid license number',
    ]);
    expect(uploadDocumentIssues({ ...place, expirationDate: '2026-11-27' }, licence)).toEqual([]);
  });

  it('asks nothing of a type without checks', () => {
    const plain = {
      licenseCheck: false,
      certificationCheck: false,
      expirationCheck: false,
      today: '2026-11-27',
    };
    expect(uploadDocumentIssues({}, plain)).toEqual([]);
  });
});

describe('createUploadDocumentFormSchema', () => {
  it('adds the file check, each issue with its text and its key', () => {
    const parsed = createUploadDocumentFormSchema(licence).safeParse({
      file: { name: 'licence.exe', size: 10 },
      expirationDate: '2027-01-01',
      ...place,
    });
    expect(parsed.success).toBe(false);
    expect(
      parsed.error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
        issue.code === 'custom' ? issue.params?.key : undefined,
      ]),
    ).toEqual([['file', 'File Type Is Not Supported', 'documents.messages.fileTypeNotSupported']]);
  });
});
