import { describe, expect, it } from 'vitest';
import { createRefundFormSchema, REFUND_AMOUNT_MESSAGE } from './refund-form.ts';

const messageOf = (amount: string, left = 49) =>
  createRefundFormSchema(left).safeParse({ amount }).error?.issues[0]?.message;

describe('the refund form', () => {
  it('says a fraction of a cent is refused, as the API does, rather than "at most what is left"', () => {
    expect(messageOf('10.005')).toBe('validation.cents');
    expect(messageOf('10.01')).toBeUndefined();
    expect(messageOf('')).toBeUndefined();
  });

  it('refuses 0 and more than is left by the amount rule', () => {
    expect(messageOf('0')).toBe(REFUND_AMOUNT_MESSAGE.key);
    expect(messageOf('49.01')).toBe(REFUND_AMOUNT_MESSAGE.key);
  });
});
