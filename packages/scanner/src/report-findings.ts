import { findingRuleOf, parseFindingDescription } from '@trustleaf/domain/rules/finding-description';
import type { ReportLanguage } from './report-phrases.ts';
import PHRASES from './report-findings.json' with { type: 'json' };
import type { Violation } from './types.ts';

/**
 * A finding's own words in the report PDF's language, read by @trustleaf/domain's finding-description
 * rule, which the web's report dialog reads them with too: the framing, category label, place and hint
 * are translated, while the words quoted from the site stay as found (they are evidence). Anything not
 * in one of the scanner's shapes is shown as stored. report-findings.json holds the web's texts for
 * these keys (`webcrawler.report.*` in apps/web/src/locales/app); report-findings.test.ts keeps the
 * two equal.
 */

/** `{{name}}` filled in, as i18next does (without escaping, as the web configures it). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/** A finding's description in `language`, the quoted words as found; else as stored. */
export function findingDescriptionIn(
  language: ReportLanguage,
  description: string,
  category: string,
): string {
  const parts = parseFindingDescription(description, category);
  if (!parts) return description;
  const words = PHRASES[language];
  if (parts.kind === 'whole') return words.findings[parts.key];
  const label = words.categories[parts.category];
  const finding =
    parts.kind === 'pair'
      ? fill(words.findings.diseasePair, { label, verb: parts.verb, condition: parts.condition })
      : fill(words.findings.quoted, { label, text: parts.text });
  if (!parts.place) return finding;
  const where =
    'name' in parts.place
      ? fill(words.places.pdfPage, { name: parts.place.name, page: parts.place.page })
      : words.places[parts.place.key];
  return fill(words.findings.placed, { finding, where });
}

/** A finding's remediation hint in `language` by its rule; else as stored. */
export function findingHintIn(
  language: ReportLanguage,
  finding: Pick<Violation, 'category' | 'ruleRef' | 'hint'>,
) {
  const rule = findingRuleOf(finding);
  return rule ? PHRASES[language].hints[rule.key] : finding.hint;
}

/** A finding's rule reference in `language` (the regulation's citation as written); else as stored. */
export function findingRuleIn(language: ReportLanguage, finding: Pick<Violation, 'category' | 'ruleRef'>) {
  const rule = findingRuleOf(finding);
  return rule ? fill(PHRASES[language].rules[rule.key], { citation: rule.citation ?? '' }) : finding.ruleRef;
}

/**
 * A finding's rule and remediation lines as the web's report dialog writes them ("Rule: …", "How to
 * fix: …"); a finding stored without a rule reference has no rule line.
 */
export function findingGuidanceIn(
  language: ReportLanguage,
  finding: Pick<Violation, 'category' | 'ruleRef' | 'hint'>,
): string[] {
  const words = PHRASES[language];
  const rule = finding.ruleRef ? [fill(words.ruleLine, { rule: findingRuleIn(language, finding) })] : [];
  return [...rule, fill(words.remediationLine, { hint: findingHintIn(language, finding) })];
}

/** The severity and the category of a finding as the report labels them. */
export function findingLevelIn(language: ReportLanguage, finding: Pick<Violation, 'severity' | 'category'>) {
  const words = PHRASES[language];
  const level = (words.levels as Record<string, string>)[finding.severity] ?? finding.severity;
  const label = (words.categories as Record<string, string>)[finding.category] ?? finding.category;
  return { level, label };
}
