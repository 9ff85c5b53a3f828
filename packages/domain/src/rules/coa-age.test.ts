import { describe, expect, it } from 'vitest';
import { coaAgeViolation, extractCoaTestDate } from './coa.ts';

describe('extractCoaTestDate', () => {
  it.each([
    ['Date Tested: 2025-03-04', '2025-03-04'],
    ['Test Date 03/04/2025', '2025-03-04'],
    ['Date of Analysis: 3/4/25', '2025-03-04'],
    ['Completed: March 4, 2025', '2025-03-04'],
    ['Reported on Sep. 9 2024', '2024-09-09'],
  ])('reads %s', (line, expected) => {
    expect(extractCoaTestDate(`Lab report\n${line}\nCBD 1.2 %`)).toBe(expected);
  });

  it('ignores unlabelled and impossible dates', () => {
    expect(extractCoaTestDate('Batch 2025-03-04\nCBD 1.2 %')).toBeNull();
    expect(extractCoaTestDate('Date Tested: 02/30/2025')).toBeNull();
  });
});

describe('coaAgeViolation', () => {
  it('flags a COA older than the maximum age, and only then', () => {
    expect(coaAgeViolation('2024-01-01', '2025-01-02', 365)).toBe(
      'COA is older than 365 days: tested 2024-01-01',
    );
    expect(coaAgeViolation('2024-01-02', '2025-01-01', 365)).toBeNull();
    expect(coaAgeViolation(null, '2025-01-01', 365)).toBeNull();
  });
});
