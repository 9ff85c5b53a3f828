import { COMPANY_TYPES } from '../reference/company-types.ts';

/** Spec 1 §9 business constants of sign-up. */
export const COMPANY_NAME_MAX = 40;
export const SALE_NUMBER_LENGTH = 6;
export const SIGN_UP_CODE_LENGTH = 6;
export const PROSPECT_SEARCH_PAGE_SIZE = 5;
export const DUPLICATE_CHECK_PAGE_SIZE = 1;
export const COMPANY_SEARCH_DEBOUNCE_MS = 500;
export const TEXT_FIELD_DEBOUNCE_MS = 200;
export const COPY_BLOCK_MS = 2000;
export const DUPLICATE_COMPANY_MESSAGE = 'Duplicate';

export type CompanyTypeCode = (typeof COMPANY_TYPES)[number]['type'];
export const PROCESSOR_TYPE: CompanyTypeCode = 'PROCESSOR';

/**
 * Spec 1 §4: the type list depends on the chosen segment. With no segment chosen (the Canadian build
 * offers no choice) every type whose segments include the region's automatic one is offered.
 */
export function companyTypesForSegments(segmentIds: readonly number[]) {
  if (segmentIds.length === 0) return [...COMPANY_TYPES];
  return COMPANY_TYPES.filter((type) => type.plSegmentIds.some((id) => segmentIds.includes(id)));
}

/** True when the chosen type still belongs to the chosen segments; otherwise the form clears it. */
export function isTypeAllowedForSegments(type: string, segmentIds: readonly number[]): boolean {
  return companyTypesForSegments(segmentIds).some((entry) => entry.type === type);
}

/**
 * Spec 1 §4 processor questions: both answers go out as 1 or 0 and only for the processor type; the
 * MOQ question exists only when the processor manufactures for others.
 */
export function processorAnswers(
  companyType: string,
  manufactureForOther: boolean | null | undefined,
  requiredMOQ: boolean | null | undefined,
): { manufactureForOther?: 0 | 1; requiredMOQ?: 0 | 1 } {
  if (companyType !== PROCESSOR_TYPE) return {};
  const manufactures = manufactureForOther ?? true;
  return {
    manufactureForOther: manufactures ? 1 : 0,
    requiredMOQ: manufactures && requiredMOQ ? 1 : 0,
  };
}

/** The sign-up code field keeps its mask's underscores; the payload drops them (spec 1 §3). */
export function normalizeSaleNumber(value: string | null | undefined): string {
  return (value ?? '').replace(/_/g, '').trim();
}

export function isValidSaleNumber(value: string | null | undefined): boolean {
  const normalized = normalizeSaleNumber(value);
  return normalized === '' || normalized.length === SALE_NUMBER_LENGTH;
}

/** Spec 3 §5: the legal-form suffixes a duplicate check ignores at the end of a company name. */
export const COMPANY_NAME_SUFFIXES = ['llc', 'inc', 'co', 'ltd', 'corp'] as const;
const SUFFIX_GROUP = COMPANY_NAME_SUFFIXES.join('|');
const TRAILING_SUFFIXES = new RegExp(`(?:\\s+(?:${SUFFIX_GROUP}))+$`);

/**
 * Duplicate company names compare case- and whitespace-insensitively (spec 1 §5) and without the
 * trailing suffixes llc, inc, co, ltd and corp, dots and commas included ("Green Leaf, LLC." is
 * "Green Leaf"; spec 3 §5). The database side is `normalizedCompanyName` (apps/api db/company-name).
 */
export function normalizeCompanyName(value: string): string {
  return value.toLowerCase().replace(/[.,]/g, ' ').trim().replace(TRAILING_SUFFIXES, '').replace(/\s+/g, '');
}

/** The same normalisation as a PostgreSQL expression over a text column (see normalizeCompanyName). */
export const COMPANY_NAME_SQL_PATTERN = {
  punctuation: '[.,]',
  trim: '^\\s+|\\s+$',
  suffixes: `(\\s+(${SUFFIX_GROUP}))+$`,
  whitespace: '\\s+',
} as const;

/** The verification modal's paste shortcut takes exactly six digits (spec 1 §5). */
export function parsePastedCode(text: string): string[] | null {
  const trimmed = text.trim();
  return /^\d{6}$/.test(trimmed) ? trimmed.split('') : null;
}

export function isCompleteCode(digits: readonly string[]): boolean {
  return digits.length === SIGN_UP_CODE_LENGTH && digits.every((digit) => /^\d$/.test(digit));
}
