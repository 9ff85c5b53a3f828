const TYPOGRAPHIC = /[\u2018\u2019\u02bc\u2032\u2010\u2011\u2012\u2013]/;

function foldTypography(text: string): string {
  return TYPOGRAPHIC.test(text)
    ? text.replace(/[\u2018\u2019\u02bc\u2032]/g, "'").replace(/[\u2010\u2011\u2012\u2013]/g, '-')
    : text;
}

/**
 * foldText when the whole text lower-cases without changing length (nearly always), else null. Joined
 * texts folded this way fold exactly as their parts do, so their offsets can be sliced per part.
 */
export function foldTextWhole(text: string): string | null {
  const lower = foldTypography(text).toLowerCase();
  return lower.length === text.length ? lower : null;
}

/**
 * Lower-cases and folds typographic apostrophes and dashes while keeping every UTF-16 offset, so match
 * ranges found in the folded text can slice the original text for evidence.
 */
export function foldText(text: string): string {
  const lower = foldTextWhole(text);
  if (lower !== null) return lower;
  // A few characters (e.g. U+0130) grow when lower-cased; fold those one by one to keep offsets.
  const folded = foldTypography(text);
  let out = '';
  for (const ch of folded) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'vs',
  'etc',
  'inc',
  'co',
  'corp',
  'ltd',
  'llc',
  'fig',
  'approx',
  'e.g',
  'i.e',
  'u.s',
  'u.s.a',
  'f.d.a',
  'dept',
  'est',
]);

/**
 * Splits a block of text into sentence ranges [start, end). The evidence of a claim is its sentence, and
 * a disease term and a claim verb only combine inside one sentence, so a split in the wrong place either
 * hides a claim or invents one: abbreviations and initials (U.S., F.D.A., Dr.) do not end a sentence.
 */
export function splitSentences(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const terminator = /[.!?]+["'\u201d\u2019)\]]*(?=\s|$)|\n\s*\n/g;
  let start = 0;
  let match: RegExpExecArray | null;
  while ((match = terminator.exec(text))) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.') && match[0].length === 1) {
      const before =
        /([\p{L}.]+)$/u.exec(text.slice(Math.max(start, match.index - 12), match.index))?.[1] ?? '';
      const word = before.toLowerCase();
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word) || /^(\p{L}\.)+\p{L}$/u.test(word)) continue;
    }
    pushTrimmed(text, start, end, out);
    start = end;
  }
  pushTrimmed(text, start, text.length, out);
  return out;
}

function pushTrimmed(text: string, start: number, end: number, out: Array<[number, number]>): void {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end > start) out.push([start, end]);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

export function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  // ASCII answered directly: the Unicode property test is for the rest.
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
  return WORD_CHAR.test(ch);
}

/** True when [start, end) does not begin or end inside a word (only checked where the term itself does). */
export function atWordBoundary(text: string, start: number, end: number): boolean {
  if (isWordChar(text[start]) && isWordChar(text[start - 1])) return false;
  if (isWordChar(text[end - 1]) && isWordChar(text[end])) return false;
  return true;
}

const NEEDS_COLLAPSE = /\s\s|[\t\n\r\f\v\u00a0\u2028\u2029\ufeff]|^\s|\s$/;

export function collapseWhitespace(text: string): string {
  // Most alt texts, titles, cues and blocks are already clean; testing is cheaper than rebuilding them.
  return NEEDS_COLLAPSE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}
