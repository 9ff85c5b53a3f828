import { describe, expect, it } from 'vitest';
import { firstMessage } from '../errors.ts';
import { LoginInputSchema, ResetPasswordInputSchema } from './auth.ts';

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
