import { NAME_CONTROL_CHARACTERS_MESSAGE } from './names.ts';
import { PHONE_INVALID_MESSAGE } from './phone.ts';
import { keyedMessages, type KeyedMessage } from '../validation-issues.ts';
import {
  DUPLICATE_COMPANY_MESSAGE,
  isTypeAllowedForSegments,
  PROCESSOR_TYPE,
  type CompanyTypeCode,
} from './sign-up.ts';

/**
 * Spec 3 §5 shared field rules of a company's details and locations: the form and the API call
 * these same functions, so a value the page accepts is one the server accepts.
 */
export const COMPANY_DETAIL_NAME_MAX = 60;
export const COMPANY_TEXT_MAX = 255;
export const ZIP_MAX = 10;
export const STATE_MESSAGE = 'State must be 2 characters';
export const EMPLOYEES_MESSAGE = 'Employees must be greater than 0';
export const CHARACTER_LIMIT_MESSAGE = 'Character limit';
export const URL_EXAMPLE_HOST = 'https://example.com';
export const URL_MESSAGE = `Please enter a valid URL (e.g., ${URL_EXAMPLE_HOST})`;
export const TAX_ID_MESSAGE = 'Federal Tax ID must be 9 digits (00-0000000)';
export const CANNABIS_PROCESSOR_MESSAGE = 'A cannabis company cannot be a processor';
export const HEMP_MANUFACTURER_MESSAGE = 'A hemp company cannot be a manufacturer';
export const TYPE_SEGMENT_MESSAGE = 'This type of company does not belong to the chosen industry';
/** The company page's field refusals with their locale keys (`company.errors.*`), for its forms. */
export const COMPANY_FIELD_REFUSALS = {
  ...keyedMessages('company.errors', {
    state: STATE_MESSAGE,
    employees: EMPLOYEES_MESSAGE,
    taxId: TAX_ID_MESSAGE,
    url: URL_MESSAGE,
    cannabisProcessor: CANNABIS_PROCESSOR_MESSAGE,
    hempManufacturer: HEMP_MANUFACTURER_MESSAGE,
    typeSegment: TYPE_SEGMENT_MESSAGE,
    nameRequired: 'Company Name is required',
    typeRequired: 'Type Of Company is required',
    phone: PHONE_INVALID_MESSAGE,
    locationRequired: 'Location is required',
    siteTypeRequired: 'Function of location is required',
    addressRequired: 'Company address is required',
    nameControlCharacters: NAME_CONTROL_CHARACTERS_MESSAGE,
  }),
  characterLimit: { key: 'validation.characterLimit', message: CHARACTER_LIMIT_MESSAGE },
};
/** The company page's refusal of a name another company in its state has (409), by its key. */
export const DUPLICATE_COMPANY_NAME: KeyedMessage = {
  key: 'company.errors.duplicate',
  message: DUPLICATE_COMPANY_MESSAGE,
};

export const MANUFACTURER_TYPE: CompanyTypeCode = 'MANUFACTURER';
export const COMPANY_COUNTRIES = ['US', 'CA'] as const;
export type CompanyCountry = (typeof COMPANY_COUNTRIES)[number];

/** Spec 3 §3 site types of a location. */
export const SITE_TYPES = [
  'DISTRIBUTION_WAREHOUSE',
  'MANUFACTURING',
  'CORPORATE_OFFICE',
  'RETAIL',
  'CONSUMPTION',
  'CULTIVATOR',
  'DELIVERY',
  'DISPENSARY',
  'EVENT',
  'INSURANCE',
  'LAB',
  'MICROBUSINESS',
  'RESEARCH',
  'PROCESSOR',
] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** A company keeps at most this many locations (the listing returns them all). */
export const LOCATIONS_MAX = 200;

/** Spec 3 §5: the federal tax id is shown with a dash after the second digit (mask 00-0000000). */
export function formatTaxId(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits === '') return value.trim();
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

const US_TAX_ID = /^\d{2}-\d{7}$/;

/** Spec 3 §5: the tax number pattern check is on for the US and off for Canada; empty is allowed. */
export function isValidTaxId(value: string, country: string): boolean {
  if (value === '' || country !== 'US') return true;
  return US_TAX_ID.test(formatTaxId(value));
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * Spec 3 §5: a domain name needs 3 to 63 characters before the top-level part (the label right
 * before it), labels of letters, digits and inner hyphens, and a top-level part of 2 letters or more.
 */
export function isValidDomainName(hostname: string): boolean {
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  const name = labels[labels.length - 2]!;
  if (!/^[a-z]{2,63}$/.test(tld)) return false;
  if (name.length < 3 || name.length > 63) return false;
  return labels.every((label) => label.length <= 63 && LABEL.test(label));
}

/** Spec 3 §5: a URL starts with http or https and names a valid domain. */
export function isValidCompanyUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isValidDomainName(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Spec 3 §5: a cannabis company cannot be a processor and a hemp company cannot be a manufacturer;
 * more generally the type must belong to one of the chosen segments, as at sign-up. Null when fine.
 */
export function companyTypeSegmentError(type: string, segmentIds: readonly number[]): string | null {
  return companyTypeSegmentRefusal(type, segmentIds)?.message ?? null;
}

/** The same rule's refusal with its key. */
export function companyTypeSegmentRefusal(type: string, segmentIds: readonly number[]): KeyedMessage | null {
  if (segmentIds.length === 0 || isTypeAllowedForSegments(type, segmentIds)) return null;
  if (type === PROCESSOR_TYPE) return COMPANY_FIELD_REFUSALS.cannabisProcessor;
  if (type === MANUFACTURER_TYPE) return COMPANY_FIELD_REFUSALS.hempManufacturer;
  return COMPANY_FIELD_REFUSALS.typeSegment;
}
