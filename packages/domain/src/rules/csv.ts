/** Cells a spreadsheet would run as a formula start with these (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 cell, formula-looking text neutralised with a leading quote. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line with its CRLF. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
