import { COMPANY_TYPES, SEGMENTS } from '@trustleaf/domain/reference/company-types';
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

/**
 * A business segment in the reader's language while it keeps its seeded name; one a super admin
 * renamed or added is shown as it was typed.
 */
export function segmentLabel(t: TFunction, segment: { name: string; type: string }): string {
  const seeded = SEGMENTS.find((known) => known.type === segment.type && known.name === segment.name);
  return seeded ? t(`company.segments.${seeded.type}`) : segment.name;
}
