import { describe, expect, it } from 'vitest';
import { issueKey } from '../validation-issues.ts';
import { CompanyOnboardingFormSchema, UserRegisterInputSchema } from './accounts.ts';
import { LoginInputSchema, ResetPasswordInputSchema } from './auth.ts';
import { UpdateCompanyDetailInputSchema } from './company.ts';
import { ChangePasswordInputSchema, UpdateUserProfileInputSchema } from './profile.ts';

/** Each refused field with the key its issue carries (as the API and keyedZodResolver read it). */
function keysOf(result: { success: boolean; error?: { issues: readonly unknown[] } }) {
  return (result.error?.issues ?? []).map((issue) => {
    const { path, code, params, message } = issue as {
      path: PropertyKey[];
      code: string;
      params?: unknown;
      message: string;
    };
    return { field: path.join('.'), key: issueKey(code, params), message };
  });
}

describe('keyed rules of the sign-in, sign-up and account forms', () => {
  it('refuses a sign-in by the common keys, with the English texts kept', () => {
    expect(keysOf(LoginInputSchema.safeParse({ email: 'nobody', password: '' }))).toEqual([
      { field: 'email', key: 'validation.emailInvalid', message: 'Must be a valid email' },
      { field: 'password', key: 'validation.passwordRequired', message: 'Password is required' },
    ]);
    expect(keysOf(LoginInputSchema.safeParse({ email: `${'a'.repeat(250)}@x.test`, password: 'p' }))).toEqual(
      [{ field: 'email', key: 'validation.characterLimit', message: 'Character limit' }],
    );
  });

  it('refuses a weak new password by the strong-password key', () => {
    const [issue] = keysOf(ResetPasswordInputSchema.safeParse({ token: 't', password: 'short' }));
    expect(issue?.key).toBe('validation.strongPassword');
  });

  it('refuses the sign-up fields by the sign-up pages keys', () => {
    const refused = keysOf(
      UserRegisterInputSchema.safeParse({
        email: 'ada@example.test',
        password: 'Strong-password-1',
        firstName: ' ',
        lastName: 'x'.repeat(101),
        phone: '12',
        acceptedEula: true,
        company: { name: '', companyType: 'PROCESSOR', officeAddress: {}, saleNumber: '12' },
      }),
    ).map(({ field, key }) => ({ field, key }));
    expect(refused).toEqual(
      expect.arrayContaining([
        { field: 'firstName', key: 'signUp.firstNameRequired' },
        { field: 'lastName', key: 'signUp.max100' },
        { field: 'phone', key: 'inputs.phoneInvalid' },
        { field: 'company.name', key: 'signUp.companyNameRequired' },
        { field: 'company.saleNumber', key: 'signUp.saleNumberLength' },
      ]),
    );
    const form = keysOf(CompanyOnboardingFormSchema.safeParse({ typeOfCompany: '' })).find(
      (issue) => issue.field === 'typeOfCompany',
    );
    expect(form?.key).toBe('signUp.typeRequired');
  });

  it.each(['\u0000', '\u0007', '\u001b[31m', '\n', '\r', '\t', '\u007f', '\u0085', '\u2028'])(
    'refuses a person or company name holding %j by each form’s keyed message',
    (control) => {
      const name = `Ada${control}Lovelace`;
      const message = 'A name cannot contain line breaks or control characters';
      const signUp = keysOf(
        UserRegisterInputSchema.safeParse({
          email: 'ada@example.test',
          password: 'Strong-password-1',
          firstName: name,
          lastName: name,
          acceptedEula: true,
          company: { name, companyType: 'PROCESSOR', officeAddress: {} },
        }),
      );
      expect(signUp).toEqual([
        { field: 'firstName', key: 'signUp.nameControlCharacters', message },
        { field: 'lastName', key: 'signUp.nameControlCharacters', message },
        { field: 'company.name', key: 'signUp.nameControlCharacters', message },
      ]);
      expect(keysOf(UpdateUserProfileInputSchema.safeParse({ firstName: name, lastName: 'L' }))).toEqual([
        { field: 'firstName', key: 'profile.messages.nameControlCharacters', message },
      ]);
      const company = keysOf(UpdateCompanyDetailInputSchema.safeParse({ plCompanyId: 1, companyName: name }));
      expect(company).toContainEqual({
        field: 'companyName',
        key: 'company.errors.nameControlCharacters',
        message,
      });
    },
  );

  it('keeps names in any script, with their accents, apostrophes and joiners, and trims line breaks at the ends', () => {
    for (const name of ['Zoë O’Brien-Łukasiewicz', 'Ελένη', 'محمد', 'می‌خواهم', '李小龍']) {
      const parsed = UpdateUserProfileInputSchema.safeParse({ firstName: name, lastName: `\n${name}\t` });
      expect(parsed.data).toMatchObject({ firstName: name, lastName: name });
    }
  });

  it('refuses the account settings by the account keys', () => {
    expect(
      keysOf(
        UpdateUserProfileInputSchema.safeParse({ firstName: '', lastName: 'L', preferredLanguage: 'en' }),
      ),
    ).toEqual([
      { field: 'firstName', key: 'profile.messages.firstNameRequired', message: 'First name is required' },
    ]);
    const password = keysOf(
      ChangePasswordInputSchema.safeParse({
        oldPassword: 'Strong-password-1',
        newPassword: 'Strong-password-1',
        confirmPassword: 'Strong-password-2',
      }),
    ).map(({ field, key }) => ({ field, key }));
    expect(password).toEqual([
      { field: 'confirmPassword', key: 'profile.messages.passwordsDoNotMatch' },
      { field: 'newPassword', key: 'profile.messages.samePassword' },
    ]);
  });
});
