import { describe, expect, it } from 'vitest';
import {
  CompanyOnboardingFormSchema,
  UserRegisterInputSchema,
  type CompanyOnboardingForm,
} from './accounts.ts';

const form: CompanyOnboardingForm = {
  companyName: 'Green Leaf',
  typeOfCompany: 'PROCESSOR',
  segmentId: 2,
  manufactureForOther: true,
  requiredMOQ: false,
  address: '1 Main St',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  claimCode: '',
  plCompanyId: null,
  saleNumber: '',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '',
  email: 'ada@example.test',
  password: 'Correct-Horse-42!',
  promoCode: '',
  acceptedEula: true,
};

const messages = (input: unknown) =>
  CompanyOnboardingFormSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('company onboarding form', () => {
  it('accepts a complete form', () => expect(messages(form)).toEqual([]));
  it('shows the spec messages', () => {
    expect(messages({ ...form, companyName: '' })).toEqual(['Company Name is required']);
    expect(messages({ ...form, companyName: 'x'.repeat(41) })).toEqual(['Character limit']);
    expect(messages({ ...form, typeOfCompany: '' })).toEqual(['Type Of Company is required']);
    expect(messages({ ...form, password: '' })).toContain('Password is required');
    expect(messages({ ...form, password: 'weakpassword' })).toEqual([
      'Include 12 characters, upper and lowercase letters, numbers, and special symbols',
    ]);
    expect(messages({ ...form, phone: '(123) 456-7890' })).toEqual(['Phone number is invalid']);
    expect(messages({ ...form, saleNumber: '123__' })).toEqual(['Sign-up code must be 6 characters']);
  });
});

describe('userRegister payload', () => {
  it('trims names, strips sale number underscores and drops processor answers for other types', () => {
    const parsed = UserRegisterInputSchema.parse({
      email: 'A@B.test',
      password: 'Correct-Horse-42!',
      firstName: ' Ada ',
      lastName: ' L ',
      acceptedEula: true,
      company: {
        name: 'X',
        companyType: 'RETAILER',
        manufactureForOther: 1,
        requiredMOQ: 1,
        officeAddress: { address: '', city: '', state: 'CO', zip: '', country: 'US' },
        saleNumber: '123456',
      },
    });
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.company?.manufactureForOther).toBeUndefined();
    expect(parsed.company?.saleNumber).toBe('123456');
  });
  it('requires the EULA', () => {
    expect(
      UserRegisterInputSchema.safeParse({
        email: 'a@b.test',
        password: 'Correct-Horse-42!',
        firstName: 'A',
        lastName: 'B',
        acceptedEula: false,
      }).success,
    ).toBe(false);
  });
});
