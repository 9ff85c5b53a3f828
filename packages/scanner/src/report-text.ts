// The report's text as the PDF's standard fonts draw it: what WinAnsi can encode, French spacing, and
// long words broken at their syllables.

import createHyphenator from 'hyphen';
import dePatterns from 'hyphen/patterns/de-1996.js';
import enPatterns from 'hyphen/patterns/en-us.js';
import frPatterns from 'hyphen/patterns/fr.js';
import nlPatterns from 'hyphen/patterns/nl.js';
import type { ReportLanguage } from './report-phrases.ts';

/**
 * Standard PDF fonts encode WinAnsi only; anything else would print as garbage, so it is replaced. WinAnsi
 * is Latin-1 and the 27 characters of its 0x80–0x9F row, among them German low quotes („ ‚), œ and Œ.
 */
const NOT_WIN_ANSI =
  /[^\t\n\r\x20-\x7e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/g;

export function pdfText(text: string): string {
  // WinAnsi's only no-break space stands in for the narrow one French puts before ':', ';', '!', '?'.
  return text.replace(/\u202f/g, '\u00a0').replace(NOT_WIN_ANSI, '?');
}

/**
 * French text as French sets it: the space before ':', ';', '!', '?' and '»' and after '«' does not
 * break, so a line never starts with the sign ('Règle' then ': 21 U.S.C.').
 */
export function frenchSpaces(text: string): string {
  return text.replace(/ ([:;!?»])/g, '\u202f$1').replace(/« /g, '«\u202f');
}

const SOFT_HYPHEN = '\u00ad';
/** Each language's syllable breaks (TeX's patterns), marked with soft hyphens. */
const HYPHENATE = Object.fromEntries(
  Object.entries({ en: enPatterns, fr: frPatterns, de: dePatterns, nl: nlPatterns }).map(
    ([language, patterns]) => [
      language,
      // Without `async` the hyphenator is synchronous.
      createHyphenator(patterns, { hyphenChar: SOFT_HYPHEN }) as (word: string) => string,
    ],
  ),
) as Record<ReportLanguage, (word: string) => string>;

/**
 * A long word in a narrow column gets soft hyphens at the syllable breaks of the report's language, so
 * that pdfkit ends a line inside it with a hyphen ('Arzneimittel-' then 'zulassungsverfahren') instead
 * of cutting it wherever the line ends ('Arznei' then 'mittelzulassungsverfahren'): pdfkit cuts a word
 * that does not fit its cell's line, and a table lays a cell out again at the width of its widest line,
 * where a word as wide as the column no longer fits. Long is wider than a third of the column. The
 * font and size the text is drawn in are set before this measures.
 */
export function hyphenateLong(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  language: ReportLanguage,
): string {
  return text.replace(/[^\s/]+/g, (word) =>
    doc.widthOfString(word) > width / 3 && !word.includes(':') ? HYPHENATE[language](word) : word,
  );
}

/**
 * A soft hyphen is no glyph: pdfkit would draw and measure one it does not end a line at as a hyphen
 * (WinAnsi encodes U+00AD as the hyphen glyph). The document measures and draws text without them,
 * and a line that ends at one ends with a hyphen: pdfkit's line wrapper counts the hyphen's width for
 * a piece that ends in one, and turns it into a hyphen itself except before a line break of the text.
 */
export function softHyphensUnseen(doc: PDFKit.PDFDocument): void {
  const text = doc as unknown as {
    _fragment(text: string, x: number, y: number, options: object): void;
    widthOfString(text: string, options?: object): number;
  };
  const fragment = text._fragment.bind(doc);
  const widthOf = text.widthOfString.bind(doc);
  text._fragment = (line, x, y, options) =>
    fragment(line.replace(/\u00ad$/, '-').replaceAll(SOFT_HYPHEN, ''), x, y, options);
  text.widthOfString = (piece, options) => widthOf(piece.replaceAll(SOFT_HYPHEN, ''), options);
}
