import { FEATURES, seededPlanDetail } from '@trustleaf/domain/reference/features';
import {
  SEEDED_DOCUMENT_TYPES,
  SEEDED_REJECTION_REASONS,
  SEEDED_VOCABULARY,
  type SeededVocabularyList,
} from '@trustleaf/domain/reference/seeded-catalog';
import type { TFunction } from 'i18next';

/**
 * The reference data the platform was seeded with, in the reader's language. A seeded document type
 * or rejection reason comes with its seed key (`seedKey`) until a super admin changes its words; one
 * a super admin created or renamed has none and reads as they typed it. The editors that change these
 * rows show the stored words, since those are what a save keeps.
 */
const isSeeded = <T extends object>(
  table: T,
  key: string | null | undefined,
): key is Extract<keyof T, string> => typeof key === 'string' && Object.hasOwn(table, key);

export function documentTypeLabel(t: TFunction, name: string, seedKey: string | null | undefined): string {
  return isSeeded(SEEDED_DOCUMENT_TYPES, seedKey) ? t(`documents.seeded.types.${seedKey}`) : name;
}

export function reasonLabel(t: TFunction, reason: { reasonName: string; seedKey?: string | null }): string {
  return isSeeded(SEEDED_REJECTION_REASONS, reason.seedKey)
    ? t(`documents.seeded.reasons.${reason.seedKey}.name`)
    : reason.reasonName;
}

/**
 * A seeded product or service category, ingredient or flavour in the reader's language; a row a super
 * admin created or renamed as they typed it.
 */
export function vocabularyLabel(
  t: TFunction,
  list: SeededVocabularyList,
  row: { name: string; seedKey?: string | null },
): string {
  const { seedKey } = row;
  if (list === 'categories' && isSeeded(SEEDED_VOCABULARY.categories, seedKey))
    return t(`reference.seeded.categories.${seedKey}`);
  if (list === 'ingredients' && isSeeded(SEEDED_VOCABULARY.ingredients, seedKey))
    return t(`reference.seeded.ingredients.${seedKey}`);
  if (list === 'flavors' && isSeeded(SEEDED_VOCABULARY.flavors, seedKey))
    return t(`reference.seeded.flavors.${seedKey}`);
  return row.name;
}

/** Features are the platform's own (the seed writes their names on every start): named by their key. */
export function featureLabel(t: TFunction, feature: { key: string; name: string }): string {
  return FEATURES.some((known) => known.key === feature.key)
    ? t(`billing.features.${feature.key}`)
    : feature.name;
}

/**
 * The platform feature a plan description is headed by (its short description is the feature's name
 * as the seed wrote it, now or formerly), or null for a heading a super admin wrote.
 */
export function describedFeature(shortDescription: string): { key: string; name: string } | null {
  return (
    FEATURES.find(
      (known) => known.name === shortDescription || known.formerNames?.includes(shortDescription),
    ) ?? null
  );
}

/**
 * A plan's feature description as the seed wrote it (the feature's name, then 'is included in the
 * plan'), or null once a super admin has changed it: then it reads as they wrote it.
 */
export function seededDetailFeature(
  planName: string,
  item: { shortDescription: string; detailDescription: string },
): { key: string; name: string } | null {
  const feature = describedFeature(item.shortDescription);
  return feature && item.detailDescription === seededPlanDetail(item.shortDescription, planName)
    ? feature
    : null;
}
