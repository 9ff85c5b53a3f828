import { normalizePhone } from '@trustleaf/domain/rules/phone';
import { processorAnswers } from '@trustleaf/domain/rules/sign-up';
import type { UserRegisterInput } from '@trustleaf/domain/schemas/accounts';
import { env } from '@/config/env';

interface PersonValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** The person's part of a registration, the same from both sign-up forms (the EULA accepted). */
export function personPayload(values: PersonValues) {
  const phone = normalizePhone(values.phone);
  return {
    email: values.email,
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(phone ? { phone } : {}),
    acceptedEula: true as const,
  } satisfies Partial<UserRegisterInput>;
}

interface CompanyValues {
  companyName: string;
  typeOfCompany: string;
  manufactureForOther: boolean;
  requiredMOQ: boolean;
  address: string;
  city: string;
  state: string;
  zip: string;
}

/** In Canada the cannabis segment applies automatically and no segment is offered (spec 1 §1). */
export const AUTOMATIC_SEGMENT: number | null = env.region.segmentChoice ? null : 1;

/** A new company's fields as sign-up and the create-company dialog open them. */
export const NEW_COMPANY_VALUES = {
  companyName: '',
  typeOfCompany: '',
  segmentId: AUTOMATIC_SEGMENT,
  manufactureForOther: true,
  requiredMOQ: false,
  address: '',
  city: '',
  state: '',
  zip: '',
} satisfies CompanyValues & { segmentId: number | null };

/** A new company as sign-up and the create-company dialog send it: name, type, answers, office. */
export function companyPayload(values: CompanyValues, country: string) {
  return {
    name: values.companyName.trim(),
    companyType: values.typeOfCompany,
    ...processorAnswers(values.typeOfCompany, values.manufactureForOther, values.requiredMOQ),
    officeAddress: {
      address: values.address,
      city: values.city,
      state: values.state,
      zip: values.zip,
      country,
    },
  };
}
