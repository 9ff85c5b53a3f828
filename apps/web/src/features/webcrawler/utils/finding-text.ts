import { findingRuleOf, parseFindingDescription } from '@trustleaf/domain/rules/finding-description';
import type { TFunction } from 'i18next';

/**
 * A finding's prose in the reader's language, through the locale files (`webcrawler.report.*`). The
 * stored English is read by @trustleaf/domain's finding-description rule, which the report PDF reads
 * it with too; the API answers it as stored.
 */

/** The locale key of a finding's hint, by the rule it comes from (its category and rule reference). */
export function findingHintKey(finding: { category?: string; ruleRef: string }): string | undefined {
  const rule = findingRuleOf(finding);
  return rule ? `webcrawler.report.hints.${rule.key}` : undefined;
}

/** A finding's rule reference in the reader's language: our words translated, the regulation as cited. */
export function findingRuleText(t: TFunction, finding: { category?: string; ruleRef: string }): string {
  const rule = findingRuleOf(finding);
  return rule ? t(`webcrawler.report.rules.${rule.key}`, { citation: rule.citation ?? '' }) : finding.ruleRef;
}

/** A finding's description in the reader's language, the quoted words as found; else as stored. */
export function findingDescriptionText(t: TFunction, description: string, category?: string): string {
  const parts = parseFindingDescription(description, category);
  if (!parts) return description;
  if (parts.kind === 'whole') return t(`webcrawler.report.findings.${parts.key}`);
  const label = t(`webcrawler.report.categories.${parts.category}`);
  const finding =
    parts.kind === 'pair'
      ? t('webcrawler.report.findings.diseasePair', { label, verb: parts.verb, condition: parts.condition })
      : t('webcrawler.report.findings.quoted', { label, text: parts.text });
  if (!parts.place) return finding;
  const where =
    'name' in parts.place
      ? t('webcrawler.report.places.pdfPage', { name: parts.place.name, page: parts.place.page })
      : t(`webcrawler.report.places.${parts.place.key}`);
  return t('webcrawler.report.findings.placed', { finding, where });
}

/** A finding's remediation hint in the reader's language by its rule; else as stored. */
export function findingHintText(
  t: TFunction,
  finding: { category?: string; ruleRef: string; hint: string },
): string {
  const key = findingHintKey(finding);
  return key ? t(key) : finding.hint;
}
