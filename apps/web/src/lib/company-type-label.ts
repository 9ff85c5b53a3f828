import { COMPANY_TYPES } from '@trustleaf/domain/reference/company-types';
import type { TFunction } from 'i18next';

/**
 * A company's type (its stored English name) in the reader's language, for every page that shows
 * it; a type the reference data added since keeps its name.
 */
export function companyTypeLabel(t: TFunction, name: string | null): string {
  if (!name) return '—';
  const known = COMPANY_TYPES.find((type) => type.name === name);
  return known ? t(`company.types.${known.type}`) : name;
}
