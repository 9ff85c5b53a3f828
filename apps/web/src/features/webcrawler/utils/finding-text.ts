import type { TFunction } from 'i18next';

/**
 * A finding's prose in the reader's language. The scanner stores a finding's description and hint in
 * English (packages/scanner: matcher.ts composes the description, dictionary/default-dictionary.json
 * holds the hints); the API answers them as stored. The report shows the framing, the category label
 * and the hint through the locale files, while the words quoted from the site stay exactly as found
 * (they are evidence). Anything not recognised (a finding stored by another version of the scanner,
 * a rule that has no translation) is shown as stored.
 */

/**
 * The shipped dictionary's rules, each with the locale key of its hint (`webcrawler.report.hints.*`)
 * and of its reference (`webcrawler.report.rules.*`), and the regulation the reference cites, which
 * keeps its name in every language.
 */
const HINT_KEYS: ReadonlyArray<{ category: string; ruleRef: string; key: string; citation?: string }> = [
  {
    category: 'DISEASE_CLAIM',
    ruleRef:
      'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B): disease claims make a product an unapproved drug (FDA warning letters to CBD marketers)',
    key: 'diseaseClaim',
    citation: 'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B)',
  },
  {
    category: 'DISEASE_CLAIM',
    ruleRef: 'FD&C Act 201(g)(1)(B): implied disease claims (FDA warning letters)',
    key: 'medicalClaim',
    citation: 'FD&C Act 201(g)(1)(B)',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef: 'FD&C Act 301(tt), 21 U.S.C. 331(tt); 21 CFR 3.2(e): misleading representations of FDA approval',
    key: 'fdaApproved',
    citation: 'FD&C Act 301(tt), 21 U.S.C. 331(tt); 21 CFR 3.2(e)',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef:
      'FTC Act 5 and 12; FTC Health Products Compliance Guidance (2022): competent and reliable scientific evidence',
    key: 'clinicallyProven',
    citation: 'FTC Act 5 and 12; FTC Health Products Compliance Guidance (2022)',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef: 'FTC Health Products Compliance Guidance (2022): unqualified efficacy claims',
    key: 'miracle',
    citation: 'FTC Health Products Compliance Guidance (2022)',
  },
  {
    category: 'ABSOLUTE_CLAIM',
    ruleRef: 'FTC Act 5 and 12: deceptive safety and efficacy representations',
    key: 'guaranteedResults',
    citation: 'FTC Act 5 and 12',
  },
  {
    category: 'FDA_DISCLAIMER',
    ruleRef:
      '21 CFR 101.93(c) and (d); FD&C Act 403(r)(6)(C): the FDA disclaimer must accompany structure/function statements',
    key: 'fdaDisclaimer',
    citation: '21 CFR 101.93(c) and (d); FD&C Act 403(r)(6)(C)',
  },
  {
    category: 'ADDITIONAL_WORD',
    ruleRef: 'Company watch list (additional words)',
    key: 'additionalWord',
  },
  {
    category: 'AGE_RESTRICTION',
    ruleRef:
      'State adult-use cannabis advertising rules, e.g. Cal. Bus. & Prof. Code 26151(b) and 4 CCR 15040: cannabis marketing online must use age affirmation (21 or older)',
    key: 'ageRestriction',
    citation: 'Cal. Bus. & Prof. Code 26151(b) and 4 CCR 15040',
  },
];

function ruleOf(finding: { category?: string; ruleRef: string }) {
  return HINT_KEYS.find(
    (r) =>
      r.ruleRef === finding.ruleRef && (finding.category === undefined || r.category === finding.category),
  );
}

/** The locale key of a finding's hint, by the rule it comes from (its category and rule reference). */
export function findingHintKey(finding: { category?: string; ruleRef: string }): string | undefined {
  const rule = ruleOf(finding);
  return rule ? `webcrawler.report.hints.${rule.key}` : undefined;
}

/** A finding's rule reference in the reader's language: our words translated, the regulation as cited. */
export function findingRuleText(t: TFunction, finding: { category?: string; ruleRef: string }): string {
  const rule = ruleOf(finding);
  return rule ? t(`webcrawler.report.rules.${rule.key}`, { citation: rule.citation ?? '' }) : finding.ruleRef;
}

/** The category labels matcher.ts writes before a quoted claim, by their category. */
const LABELS: Record<string, string> = {
  'Disease claim': 'DISEASE_CLAIM',
  'Absolute claim': 'ABSOLUTE_CLAIM',
  'FDA disclaimer': 'FDA_DISCLAIMER',
  'Additional word': 'ADDITIONAL_WORD',
  'Age restriction': 'AGE_RESTRICTION',
};

/** Where on a page the scanner found the claim (findings.ts appends it in brackets), by locale key. */
const PLACES: Record<string, string> = {
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

/** The descriptions the scanner writes whole, by locale key. */
const WHOLE: Record<string, string> = {
  'Product page without the FDA disclaimer': 'missingDisclaimer',
  'Cannabis site without an age gate (21+)': 'missingAgeGate',
};

export type FindingPlaceText = { key: string } | { key: 'pdfPage'; name: string; page: string };

/** A description read back into its parts; the quoted strings are the site's words as found. */
export type FindingDescription =
  | { kind: 'whole'; key: string }
  | { kind: 'pair'; category: string; verb: string; condition: string; place?: FindingPlaceText }
  | { kind: 'quote'; category: string; text: string; place?: FindingPlaceText };

const PLACE_SUFFIX = / \(([^()]*|PDF .*, page \d+)\)$/;
const PAIR = /^Disease claim: "(.*)" with "(.*)"$/s;
const QUOTE = /^([A-Za-z ]+): "(.*)"$/s;

function readPlace(place: string): FindingPlaceText | undefined {
  const key = PLACES[place];
  if (key) return { key };
  const pdf = /^PDF (.+), page (\d+)$/s.exec(place);
  return pdf ? { key: 'pdfPage', name: pdf[1]!, page: pdf[2]! } : undefined;
}

/**
 * The parts of a description in one of the shapes matcher.ts and findings.ts write; undefined for any
 * other text. With a category, the label must be that category's.
 */
export function parseFindingDescription(
  description: string,
  category?: string,
): FindingDescription | undefined {
  const whole = WHOLE[description];
  if (whole) return { kind: 'whole', key: whole };
  let body = description;
  let place: FindingPlaceText | undefined;
  const suffix = PLACE_SUFFIX.exec(description);
  if (suffix) {
    place = readPlace(suffix[1]!);
    // A bracket that names no place the scanner writes: the text is not one of its shapes.
    if (!place) return undefined;
    body = description.slice(0, suffix.index);
  }
  const pair = PAIR.exec(body);
  if (pair && !pair[1]!.includes('"') && !pair[2]!.includes('"')) {
    if (category !== undefined && category !== 'DISEASE_CLAIM') return undefined;
    return { kind: 'pair', category: 'DISEASE_CLAIM', verb: pair[1]!, condition: pair[2]!, place };
  }
  const quote = QUOTE.exec(body);
  const labelled = quote ? LABELS[quote[1]!] : undefined;
  if (!quote || !labelled || (category !== undefined && category !== labelled)) return undefined;
  return { kind: 'quote', category: labelled, text: quote[2]!, place };
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
