import { describe, expect, it } from 'vitest';
import { documentIndicator } from './document-indicator.ts';
import { isAlternateCard, INPUT_MASKS } from './input-masks.ts';
import { isValidPhone, normalizePhone, PHONE_INVALID_MESSAGE } from './phone.ts';
import {
  companyTypesForSegments,
  isCompleteCode,
  isTypeAllowedForSegments,
  isValidSaleNumber,
  normalizeCompanyName,
  normalizeSaleNumber,
  parsePastedCode,
  processorAnswers,
} from './sign-up.ts';
import { checkUploadFile, isOverSizeLimit } from './uploads.ts';

describe('phone', () => {
  it.each([
    ['', true],
    ['(___) ___-____', true],
    ['(303) 555-0100', true],
    ['+1 416 555 0199', true],
    ['(123) 456-7890', false],
    ['555', false],
  ])('%s → %s', (value, expected) => expect(isValidPhone(value)).toBe(expected));
  it('has the spec message', () => expect(PHONE_INVALID_MESSAGE).toBe('Phone number is invalid'));
  it.each([
    ['(___) ___-____', ''],
    ['  ', ''],
    ['(303) 555-0100', '(303) 555-0100'],
    ['abc', 'abc'],
  ])('normalises %j to %j (only an untouched mask is empty)', (value, expected) =>
    expect(normalizePhone(value)).toBe(expected),
  );
});

describe('segment → type', () => {
  it('offers only the types of the chosen segment', () => {
    const hemp = companyTypesForSegments([2]).map((entry) => entry.type);
    expect(hemp).toContain('PROCESSOR');
    expect(hemp).not.toContain('MANUFACTURER');
    expect(companyTypesForSegments([1]).map((entry) => entry.type)).not.toContain('PROCESSOR');
    expect(companyTypesForSegments([])).toHaveLength(17);
    expect(isTypeAllowedForSegments('PROCESSOR', [1])).toBe(false);
  });
});

describe('processor answers', () => {
  it('sends 1/0 only for processors, MOQ only when manufacturing for others', () => {
    expect(processorAnswers('PROCESSOR', true, true)).toEqual({ manufactureForOther: 1, requiredMOQ: 1 });
    expect(processorAnswers('PROCESSOR', false, true)).toEqual({ manufactureForOther: 0, requiredMOQ: 0 });
    expect(processorAnswers('PROCESSOR', undefined, undefined)).toEqual({
      manufactureForOther: 1,
      requiredMOQ: 0,
    });
    expect(processorAnswers('RETAILER', true, true)).toEqual({});
  });
});

describe('sale number, names and codes', () => {
  it('needs exactly 6 characters once underscores are removed', () => {
    expect(isValidSaleNumber('')).toBe(true);
    expect(isValidSaleNumber('______')).toBe(true);
    expect(isValidSaleNumber('12345_')).toBe(false);
    expect(isValidSaleNumber('123456')).toBe(true);
    expect(normalizeSaleNumber('123_')).toBe('123');
  });
  it('compares company names ignoring case and whitespace', () => {
    expect(normalizeCompanyName(' Green  Leaf Co ')).toBe(normalizeCompanyName('greenleaf co'));
  });
  it('pastes exactly six digits', () => {
    expect(parsePastedCode(' 123456 ')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(parsePastedCode('12345')).toBeNull();
    expect(parsePastedCode('12345a')).toBeNull();
    expect(isCompleteCode(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isCompleteCode(['1', '2', '3', '4', '5', ''])).toBe(false);
  });
});

describe('document indicator', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const withExpiry = (date: string | null) => ({
    documentType: { expirationCheck: true },
    expirationDate: date,
  });
  it('grey when nothing is uploaded, green without expiry check', () => {
    expect(documentIndicator(null, now)).toEqual({ color: 'grey', label: null });
    expect(documentIndicator({ documentType: { expirationCheck: false } }, now).color).toBe('green');
  });
  it('amber within 5 days, red when past or missing, red when rejected', () => {
    expect(documentIndicator(withExpiry('2026-06-05T00:00:00Z'), now)).toEqual({
      color: 'amber',
      label: 'Expiring soon!',
    });
    expect(documentIndicator(withExpiry('2026-06-10T00:00:00Z'), now).color).toBe('green');
    expect(documentIndicator(withExpiry('2026-05-31T00:00:00Z'), now)).toEqual({
      color: 'red',
      label: 'Expired',
    });
    expect(documentIndicator(withExpiry(null), now).label).toBe('Expired');
    expect(documentIndicator({ reviewStatus: 'REJECTED' }, now)).toEqual({ color: 'red', label: 'Rejected' });
  });
});

describe('upload checks', () => {
  it('uses the spec messages per mode', () => {
    expect(checkUploadFile('csv', { name: 'a.txt', type: 'text/plain' })).toBe(
      'Please upload file csv only.',
    );
    expect(checkUploadFile('pdf', { name: 'a.png', type: 'image/png' })).toBe('Please upload file pdf only.');
    expect(checkUploadFile('image', { name: 'a.pdf', type: 'application/pdf' })).toBe(
      'Please upload file image only.',
    );
    expect(checkUploadFile('any', { name: 'a.exe', type: '' })).toBe('File Type Is Not Supported');
    expect(checkUploadFile('any', { name: 'a.DOCX', type: '' })).toBeNull();
    expect(checkUploadFile('image', { name: 'logo.png', type: 'image/png' })).toBeNull();
    expect(isOverSizeLimit(3 * 1024 * 1024, 2)).toBe(true);
  });
});

describe('masks', () => {
  it('has the table and the alternate card rule', () => {
    expect(INPUT_MASKS.taxId).toBe('00-0000000');
    expect(isAlternateCard('3782 822463 10005')).toBe(true);
  });
});
