/**
 * Certificate-of-analysis rules: the cannabinoid list (spec 3 §3 "Analysis summary"), reading the
 * values out of a COA's text, and the Delta-9 THC check (spec 3 §8, §9).
 */

/** The federal Delta-9 THC limit, the default of the configurable threshold. */
export const DEFAULT_DELTA9_THC_THRESHOLD_PERCENT = 0.3;

export interface Cannabinoid {
  key: string;
  displayName: string;
  /** Spellings found on lab reports, matched case-insensitively at a word start. */
  aliases: readonly string[];
}

export const CANNABINOIDS: readonly Cannabinoid[] = [
  { key: 'cbc', displayName: 'CBC', aliases: ['CBC'] },
  { key: 'cbca', displayName: 'CBCA', aliases: ['CBCA'] },
  { key: 'cbd', displayName: 'CBD', aliases: ['CBD'] },
  { key: 'cbda', displayName: 'CBDA', aliases: ['CBDA'] },
  { key: 'cbdv', displayName: 'CBDV', aliases: ['CBDV'] },
  { key: 'cbdva', displayName: 'CBDVA', aliases: ['CBDVA'] },
  { key: 'cbg', displayName: 'CBG', aliases: ['CBG'] },
  { key: 'cbga', displayName: 'CBGA', aliases: ['CBGA'] },
  { key: 'cbn', displayName: 'CBN', aliases: ['CBN'] },
  { key: 'cbna', displayName: 'CBNA', aliases: ['CBNA'] },
  {
    key: 'delta8Thc',
    displayName: 'Delta 8 THC',
    aliases: ['Delta 8 THC', 'Delta-8 THC', 'Δ8-THC', 'D8-THC', 'd8 THC'],
  },
  {
    key: 'delta9Thc',
    displayName: 'Delta 9 THC',
    aliases: ['Delta 9 THC', 'Delta-9 THC', 'Δ9-THC', 'D9-THC', 'd9 THC'],
  },
  { key: 'thca', displayName: 'THCA', aliases: ['THCA', 'THCA-A', 'THC-A'] },
  { key: 'thcp', displayName: 'THCP', aliases: ['THCP'] },
  { key: 'rDelta10Thc', displayName: 'R Delta 10 THC', aliases: ['R Delta 10 THC', 'R-Delta-10 THC'] },
  { key: 'sDelta10Thc', displayName: 'S Delta 10 THC', aliases: ['S Delta 10 THC', 'S-Delta-10 THC'] },
  { key: 'hhc9r', displayName: '9R HHC', aliases: ['9R HHC', '9R-HHC'] },
  { key: 'hhc9s', displayName: '9S HHC', aliases: ['9S HHC', '9S-HHC'] },
  { key: 'thco', displayName: 'THCO', aliases: ['THCO', 'THC-O'] },
  { key: 'thcv', displayName: 'THCV', aliases: ['THCV'] },
  { key: 'thcva', displayName: 'THCVA', aliases: ['THCVA'] },
  { key: 'delta10Thc', displayName: 'Delta 10 THC', aliases: ['Delta 10 THC', 'Delta-10 THC', 'Δ10-THC'] },
  { key: 'totalThc', displayName: 'Total THC', aliases: ['Total THC'] },
  { key: 'totalCbd', displayName: 'Total CBD', aliases: ['Total CBD'] },
];

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Aliases as one regex each, longest first so "CBDA" is not read as "CBD". */
const PATTERNS = CANNABINOIDS.flatMap((c) =>
  c.aliases.map((alias) => ({
    key: c.key,
    length: alias.length,
    // The alias, then on the same line a number followed by % (or ND / NA / <LOQ).
    regex: new RegExp(
      `(?:^|[^A-Za-z0-9])${escapeRegExp(alias).replace(/[ -]/g, '[\\s-]?')}(?![A-Za-z0-9])[^\\n%]*?(\\d+(?:\\.\\d+)?)\\s*%`,
      'i',
    ),
  })),
).sort((a, b) => b.length - a.length);

/**
 * Percent values of the cannabinoids found in a COA's text, keyed by cannabinoid key. Only lines with a
 * percentage are read; a cannabinoid reported ND or without a percent is left out.
 */
export function extractCannabinoidPercents(text: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const line of text.split(/\r?\n/)) {
    let rest = line;
    for (const pattern of PATTERNS) {
      if (found[pattern.key] !== undefined) continue;
      const match = pattern.regex.exec(rest);
      if (!match) continue;
      const value = Number(match[1]);
      if (Number.isFinite(value) && value >= 0 && value <= 100) {
        found[pattern.key] = value;
        // Blank out the matched alias so a shorter alias cannot match the same name again.
        rest = rest.replace(match[0], ' '.repeat(match[0].length));
      }
    }
  }
  return found;
}

/** Up to 4 decimals, without trailing zeros (spec 3 §9: THC decimals show up to 4 places). */
export function formatPercent(value: number): string {
  return String(Number(value.toFixed(4)));
}

/** The violation text when Delta-9 THC exceeds the threshold; null when it does not. */
export function delta9ThcViolation(
  delta9ThcPercent: number | undefined | null,
  thresholdPercent: number = DEFAULT_DELTA9_THC_THRESHOLD_PERCENT,
): string | null {
  if (delta9ThcPercent === undefined || delta9ThcPercent === null) return null;
  if (!(delta9ThcPercent > thresholdPercent)) return null;
  return `Delta-9 THC violative: ${formatPercent(delta9ThcPercent)}% exceeds ${formatPercent(thresholdPercent)}%`;
}

/** The progress notice text (spec 3 §9). */
export function coaProgressText(processed: number, total: number): string {
  return `${processed}/${total} Documents Uploaded...`;
}

/** Spec 3 §9: a COA should be under one year old (the default of the configurable maximum age). */
export const DEFAULT_MAX_COA_AGE_DAYS = 365;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Spec 3 §5: two-digit years below 30 are 20xx, the others 19xx. */
function fullYear(year: string): number {
  const value = Number(year);
  if (year.length > 2) return value;
  return value < 30 ? 2000 + value : 1900 + value;
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** A date as lab reports write it (2026-03-01, 03/01/2026, 3/1/26, March 1, 2026), as yyyy-MM-dd. */
function readDate(text: string): string | null {
  let match = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/.exec(text);
  if (match) return isoDate(fullYear(match[3]!), Number(match[1]), Number(match[2]));
  match = /([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(text);
  if (match) {
    const month = MONTHS.findIndex((name) => name.startsWith(match[1]!.toLowerCase()));
    if (month >= 0 && match[1]!.length >= 3) return isoDate(Number(match[3]), month + 1, Number(match[2]));
  }
  return null;
}

/** Labels of the day a lab tested the sample, as COAs write them. */
const TEST_DATE_LABEL =
  /\b(?:date\s+tested|tested\s+on|test\s+date|date\s+of\s+(?:analysis|test(?:ing)?)|analy[sz]ed(?:\s+on)?|analysis\s+date|date\s+completed|completed(?:\s+on)?|reported(?:\s+on)?|date\s+reported|report\s+date)\b\s*:?/i;

/** The day the COA's sample was tested (yyyy-MM-dd), read from the first labelled date; null if none. */
export function extractCoaTestDate(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const label = TEST_DATE_LABEL.exec(line);
    if (!label) continue;
    const date = readDate(line.slice(label.index + label[0].length));
    if (date) return date;
  }
  return null;
}

/** The violation text when a COA tested on `testDate` is older than `maxAgeDays` on `today`. */
export function coaAgeViolation(
  testDate: string | null,
  today: string,
  maxAgeDays: number = DEFAULT_MAX_COA_AGE_DAYS,
): string | null {
  if (!testDate) return null;
  const ageDays = Math.round((Date.parse(today) - Date.parse(testDate)) / 864e5);
  if (!(ageDays > maxAgeDays)) return null;
  return `COA is older than ${maxAgeDays} days: tested ${testDate}`;
}
