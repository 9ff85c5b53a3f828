import { describe, expect, it } from 'vitest';
import { firstMessage } from '../errors.ts';
import { LoginInputSchema, ResetPasswordInputSchema } from './auth.ts';
import { StartSubscriptionInputSchema } from './billing.ts';
import { anySpellingEnum, IdSchema, IntSchema, QueryIdSchema, TextSchema } from './common.ts';

describe('auth schemas', () => {
  it('lower-cases and trims the email', () => {
    expect(LoginInputSchema.parse({ email: '  Grace@Example.COM ', password: 'x' }).email).toBe(
      'grace@example.com',
    );
  });

  it('uses the spec messages', () => {
    const result = LoginInputSchema.safeParse({ email: 'nope', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Must be a valid email',
      'Password is required',
    ]);
    const long = LoginInputSchema.safeParse({ email: `${'a'.repeat(250)}@example.com`, password: 'x' });
    expect(long.error?.issues[0]?.message).toBe('Character limit');
    expect(
      ResetPasswordInputSchema.safeParse({ token: 't', password: 'weak' }).error?.issues[0]?.message,
    ).toBe('Include 12 characters, upper and lowercase letters, numbers, and special symbols');
  });

  it('reads the first message of an error body or falls back', () => {
    expect(firstMessage({ messages: ['Duplicate'], code: 'CONFLICT' }, 'x')).toBe('Duplicate');
    expect(firstMessage({ nope: true }, 'Unknown error')).toBe('Unknown error');
  });
});

describe('enums the specs spell two ways', () => {
  it('parse any letter case, with spaces or hyphens for underscores, to the declared value', () => {
    const schema = anySpellingEnum(['STATE_VERIFIED', 'THIRD_PARTY']);
    expect(schema.parse('state verified')).toBe('STATE_VERIFIED');
    expect(schema.parse('Third-Party')).toBe('THIRD_PARTY');
    expect(schema.safeParse('verified').success).toBe(false);
    expect(schema.safeParse(3).success).toBe(false);
    const body = { plCompanyId: 1, plPlanId: 2 };
    expect(StartSubscriptionInputSchema.parse({ ...body, paymentFrequency: 'annual' }).paymentFrequency).toBe(
      'ANNUAL',
    );
    expect(
      StartSubscriptionInputSchema.parse({ ...body, paymentFrequency: 'MONTHLY' }).paymentFrequency,
    ).toBe('MONTHLY');
  });
});

describe('building blocks', () => {
  it('bounds ids to PostgreSQL integer and refuses NUL in strings, with messages', () => {
    expect(IdSchema.safeParse(2147483647).success).toBe(true);
    expect(IdSchema.safeParse(2147483648).error?.issues[0]?.message).toBe(
      'Must be a whole number between 1 and 2147483647',
    );
    expect(IdSchema.safeParse(0).success).toBe(false);
    expect(IntSchema.safeParse(-2147483649).error?.issues[0]?.message).toBe('Must be at least -2147483648');
    expect(QueryIdSchema.safeParse('2147483648').success).toBe(false);
    expect(TextSchema.safeParse('a\u0000b').error?.issues[0]?.message).toBe(
      'Must not contain NUL characters',
    );
    expect(LoginInputSchema.safeParse({ email: 'a@example.test', password: 'a\u0000b' }).success).toBe(false);
  });
});
