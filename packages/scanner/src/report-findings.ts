import type { ReportLanguage } from './report-phrases.ts';
import PHRASES from './report-findings.json' with { type: 'json' };
import type { Violation } from './types.ts';

/**
 * A finding's own words in the report PDF's language, read the way the web's report dialog reads them
 * (apps/web/src/features/webcrawler/utils/finding-text.ts): the scanner stores a description and hint
 * in English, in the shapes matcher.ts and findings.ts write; the framing, category label, place and
 * hint are translated, while the words quoted from the site stay as found (they are evidence).
 * Anything not in one of those shapes is shown as stored. report-findings.json holds the web's texts
 * for these keys (`webcrawler.report.*` in apps/web/src/locales/app); report-findings.test.ts keeps
 * the two equal.
 */

type Phrases = (typeof PHRASES)['en'];

/** The shipped dictionary's rules, each with the locale key of its hint. */
const RULES: ReadonlyArray<{
  category: string;
  ruleRef: string;
  key: keyof Phrases['hints'];
}> = [
  {
    category: 'DISEASE_CLAIM',
    ruleRef:
      'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B): disease claims make a product an unapproved drug (FDA warning letters to CBD marketers)',
    key: 'diseaseClaim',
  },
  {
    category: 'DISEASE_CLAIM',
    ruleRef: 'FD&C Act 201(g)(1)(B): implied disease claims (FDA warning letters)',
    key: 'medicalClaim',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef: 'FD&C Act 301(tt), 21 U.S.C. 331(tt); 21 CFR 3.2(e): misleading representations of FDA approval',
    key: 'fdaApproved',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef:
      'FTC Act 5 and 12; FTC Health Products Compliance Guidance (2022): competent and reliable scientific evidence',
    key: 'clinicallyProven',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef: 'FTC Health Products Compliance Guidance (2022): unqualified efficacy claims',
    key: 'miracle',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef: 'FTC Act 5 and 12: deceptive safety and efficacy representations',
    key: 'guaranteedResults',
  },
  {
    category: 'FDA_DISCLAIMER',
    ruleRef:
      '21 CFR 101.93(c) and (d); FD&C Act 403(r)(6)(C): the FDA disclaimer must accompany structure/function statements',
    key: 'fdaDisclaimer',
  },
  { category: 'ADDITIONAL_WORD', ruleRef: 'Company watch list (additional words)', key: 'additionalWord' },
  {
    category: 'AGE_RESTRICTION',
    ruleRef:
      'State adult-use cannabis advertising rules, e.g. Cal. Bus. & Prof. Code 26151(b) and 4 CCR 15040: cannabis marketing online must use age affirmation (21 or older)',
    key: 'ageRestriction',
  },
];

/** The category labels matcher.ts writes before a quoted claim, by their category. */
const LABELS: Record<string, string> = {
  'Disease claim': 'DISEASE_CLAIM',
  'Absolute claim': 'ABSOLUTE_CLAIM',
  'FDA disclaimer': 'FDA_DISCLAIMER',
  'Additional word': 'ADDITIONAL_WORD',
  'Age restriction': 'AGE_RESTRICTION',
};

/** Where on a page the scanner found the claim (findings.ts appends it in brackets), by key. */
const PLACES: Record<string, keyof Phrases['places']> = {
  'page title': 'pageTitle',
  'meta description': 'metaDescription',
  'Open Graph description': 'openGraph',
  'Twitter card description': 'twitterCard',
  'product description in JSON-LD': 'jsonLd',
  'image alt text': 'imageAlt',
  'image title': 'imageTitle',
  'text in image': 'imageText',
  'video captions': 'videoCaptions',
};

/** The descriptions the scanner writes whole, by key. */
const WHOLE: Record<string, 'missingDisclaimer' | 'missingAgeGate'> = {
  'Product page without the FDA disclaimer': 'missingDisclaimer',
  'Cannabis site without an age gate (21+)': 'missingAgeGate',
};

const PLACE_SUFFIX = / \(([^()]*|PDF .*, page \d+)\)$/;
const PAIR = /^Disease claim: "(.*)" with "(.*)"$/s;
const QUOTE = /^([A-Za-z ]+): "(.*)"$/s;

/** `{{name}}` filled in, as i18next does (without escaping, as the web configures it). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

function ruleOf(finding: { category: string; ruleRef: string }) {
  return RULES.find((rule) => rule.ruleRef === finding.ruleRef && rule.category === finding.category);
}

function placeText(words: Phrases, place: string): string | undefined {
  const key = PLACES[place];
  if (key) return words.places[key];
  const pdf = /^PDF (.+), page (\d+)$/s.exec(place);
  return pdf ? fill(words.places.pdfPage, { name: pdf[1]!, page: pdf[2]! }) : undefined;
}

/** A finding's description in `language`, the quoted words as found; else as stored. */
export function findingDescriptionIn(
  language: ReportLanguage,
  description: string,
  category: string,
): string {
  const words = PHRASES[language];
  const whole = WHOLE[description];
  if (whole) return words.findings[whole];
  let body = description;
  let where: string | undefined;
  const suffix = PLACE_SUFFIX.exec(description);
  if (suffix) {
    where = placeText(words, suffix[1]!);
    if (where === undefined) return description;
    body = description.slice(0, suffix.index);
  }
  let finding: string | undefined;
  const pair = PAIR.exec(body);
  if (pair && !pair[1]!.includes('"') && !pair[2]!.includes('"')) {
    if (category !== 'DISEASE_CLAIM') return description;
    finding = fill(words.findings.diseasePair, {
      label: words.categories.DISEASE_CLAIM,
      verb: pair[1]!,
      condition: pair[2]!,
    });
  } else {
    const quote = QUOTE.exec(body);
    const labelled = quote ? LABELS[quote[1]!] : undefined;
    if (!quote || labelled !== category) return description;
    finding = fill(words.findings.quoted, {
      label: words.categories[labelled as keyof Phrases['categories']],
      text: quote[2]!,
    });
  }
  return where === undefined ? finding : fill(words.findings.placed, { finding, where });
}

/** A finding's remediation hint in `language` by its rule; else as stored. */
export function findingHintIn(
  language: ReportLanguage,
  finding: Pick<Violation, 'category' | 'ruleRef' | 'hint'>,
) {
  const rule = ruleOf(finding);
  return rule ? PHRASES[language].hints[rule.key] : finding.hint;
}

/** The severity and the category of a finding as the report labels them. */
export function findingLevelIn(language: ReportLanguage, finding: Pick<Violation, 'severity' | 'category'>) {
  const words = PHRASES[language];
  const level = (words.levels as Record<string, string>)[finding.severity] ?? finding.severity;
  const label = (words.categories as Record<string, string>)[finding.category] ?? finding.category;
  return { level, label };
}
