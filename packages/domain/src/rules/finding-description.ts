/**
 * A scan finding's stored English prose read back into its parts, so it can be shown in the reader's
 * language: the web's report dialog (apps/web/src/features/webcrawler/utils/finding-text.ts) and the
 * report PDF (packages/scanner/src/report-findings.ts) both read it here, so the two cannot drift
 * apart. The scanner stores a description and hint in English, in the shapes its matcher.ts and
 * findings.ts write, and its hints from dictionary/default-dictionary.json. The framing, category
 * label, place and hint are translated by their locale keys (`webcrawler.report.*`), while the words
 * quoted from the site stay as found (they are evidence). Anything not in one of those shapes (a
 * finding stored by another version of the scanner, a rule with no translation) is shown as stored.
 */

/** The finding categories a description's label names (the scanner's `ViolationCategory`). */
export type FindingLabelCategory =
  'DISEASE_CLAIM' | 'ABSOLUTE_CLAIM' | 'FDA_DISCLAIMER' | 'ADDITIONAL_WORD' | 'AGE_RESTRICTION';

export type FindingRuleKey =
  | 'diseaseClaim'
  | 'medicalClaim'
  | 'fdaApproved'
  | 'clinicallyProven'
  | 'miracle'
  | 'guaranteedResults'
  | 'fdaDisclaimer'
  | 'additionalWord'
  | 'ageRestriction';

export interface FindingRule {
  category: FindingLabelCategory;
  ruleRef: string;
  /** The locale key of its hint (`webcrawler.report.hints.*`) and reference (`webcrawler.report.rules.*`). */
  key: FindingRuleKey;
  /** The regulation the reference cites, which keeps its name in every language. */
  citation?: string;
}

/** The shipped dictionary's rules. */
export const FINDING_RULES: readonly FindingRule[] = [
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

/** The rule a finding comes from, by its rule reference (and its category, when given). */
export function findingRuleOf(finding: { category?: string; ruleRef: string }): FindingRule | undefined {
  return FINDING_RULES.find(
    (rule) =>
      rule.ruleRef === finding.ruleRef &&
      (finding.category === undefined || rule.category === finding.category),
  );
}

/** The category labels matcher.ts writes before a quoted claim, by their category. */
const LABELS: Record<string, FindingLabelCategory> = {
  'Disease claim': 'DISEASE_CLAIM',
  'Absolute claim': 'ABSOLUTE_CLAIM',
  'FDA disclaimer': 'FDA_DISCLAIMER',
  'Additional word': 'ADDITIONAL_WORD',
  'Age restriction': 'AGE_RESTRICTION',
};

export type FindingPlaceKey =
  | 'pageTitle'
  | 'metaDescription'
  | 'openGraph'
  | 'twitterCard'
  | 'jsonLd'
  | 'imageAlt'
  | 'imageTitle'
  | 'imageText'
  | 'videoCaptions';

/** Where on a page the scanner found the claim (findings.ts appends it in brackets), by locale key. */
const PLACES: Record<string, FindingPlaceKey> = {
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

export type FindingWholeKey = 'missingDisclaimer' | 'missingAgeGate';

/** The descriptions the scanner writes whole, by locale key. */
const WHOLE: Record<string, FindingWholeKey> = {
  'Product page without the FDA disclaimer': 'missingDisclaimer',
  'Cannabis site without an age gate (21+)': 'missingAgeGate',
};

export type FindingPlaceText = { key: FindingPlaceKey } | { key: 'pdfPage'; name: string; page: string };

/** A description read back into its parts; the quoted strings are the site's words as found. */
export type FindingDescription =
  | { kind: 'whole'; key: FindingWholeKey }
  | { kind: 'pair'; category: 'DISEASE_CLAIM'; verb: string; condition: string; place?: FindingPlaceText }
  | { kind: 'quote'; category: FindingLabelCategory; text: string; place?: FindingPlaceText };

/** A table's own entry only: a stored text such as "constructor" names nothing. */
function entryOf<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

const PLACE_SUFFIX = / \(([^()]*|PDF .*, page \d+)\)$/;
const PAIR = /^Disease claim: "(.*)" with "(.*)"$/s;
const QUOTE = /^([A-Za-z ]+): "(.*)"$/s;

function readPlace(place: string): FindingPlaceText | undefined {
  const key = entryOf(PLACES, place);
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
  const whole = entryOf(WHOLE, description);
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
  const labelled = quote ? entryOf(LABELS, quote[1]!) : undefined;
  if (!quote || !labelled || (category !== undefined && category !== labelled)) return undefined;
  return { kind: 'quote', category: labelled, text: quote[2]!, place };
}
