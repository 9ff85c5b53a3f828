import { describe, expect, it } from 'vitest';
import {
  CANNABIS_PROCESSOR_MESSAGE,
  companyTypeSegmentError,
  formatTaxId,
  HEMP_MANUFACTURER_MESSAGE,
  isValidCompanyUrl,
  isValidTaxId,
} from './company-fields.ts';
import { normalizeCompanyName } from './sign-up.ts';

describe('company field rules (spec 3 §5)', () => {
  it('masks the tax id with a dash after the second digit; checks the pattern for the US only', () => {
    expect(formatTaxId('123456789')).toBe('12-3456789');
    expect(formatTaxId('12-3456789')).toBe('12-3456789');
    expect(isValidTaxId('12-3456789', 'US')).toBe(true);
    expect(isValidTaxId('12-34', 'US')).toBe(false);
    expect(isValidTaxId('12-34', 'CA')).toBe(true);
    expect(isValidTaxId('', 'US')).toBe(true);
  });

  it('takes http(s) URLs whose domain has 3 to 63 characters before the top-level part', () => {
    expect(isValidCompanyUrl('https://greenleaf.com')).toBe(true);
    expect(isValidCompanyUrl('http://shop.greenleaf.com/path')).toBe(true);
    expect(isValidCompanyUrl('greenleaf.com')).toBe(false);
    expect(isValidCompanyUrl('ftp://greenleaf.com')).toBe(false);
    expect(isValidCompanyUrl('https://ab.com')).toBe(false);
    expect(isValidCompanyUrl(`https://${'a'.repeat(64)}.com`)).toBe(false);
    expect(isValidCompanyUrl('https://localhost')).toBe(false);
  });

  it('refuses a cannabis processor and a hemp manufacturer', () => {
    expect(companyTypeSegmentError('PROCESSOR', [1])).toBe(CANNABIS_PROCESSOR_MESSAGE);
    expect(companyTypeSegmentError('MANUFACTURER', [2])).toBe(HEMP_MANUFACTURER_MESSAGE);
    expect(companyTypeSegmentError('PROCESSOR', [2])).toBeNull();
    expect(companyTypeSegmentError('MANUFACTURER', [1, 2])).toBeNull();
  });

  it('compares company names without llc, inc, co, ltd or corp at the end', () => {
    const key = normalizeCompanyName('Green Leaf');
    for (const name of [
      'green leaf LLC',
      'Green Leaf, Inc.',
      'GREEN LEAF CO',
      'Green Leaf Ltd.',
      'Green Leaf Corp',
      'Green  Leaf Co. Ltd',
    ])
      expect(normalizeCompanyName(name)).toBe(key);
    expect(normalizeCompanyName('Costco')).toBe('costco');
    expect(normalizeCompanyName('Co')).toBe('co');
  });
});
