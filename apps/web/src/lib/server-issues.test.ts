import { describe, expect, it } from 'vitest';
import { formPathOf } from './server-issues';

describe('formPathOf', () => {
  const values = { name: 'A', value: { amount: '3', unit: 'DAY' }, lines: 'a\nb' };

  it('names the deepest field of the form the path reaches', () => {
    expect(formPathOf(values, ['value', 'amount'])).toBe('value.amount');
    expect(formPathOf(values, ['name'])).toBe('name');
  });

  it("lands a list entry's refusal on the text field holding the list", () => {
    expect(formPathOf(values, ['lines', 3])).toBe('lines');
  });

  it('names nothing for a path outside the form', () => {
    expect(formPathOf(values, ['plCompanyId'])).toBeUndefined();
    expect(formPathOf(values, [])).toBeUndefined();
  });
});
