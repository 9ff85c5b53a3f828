/**
 * A person's or a company's name is one line of text: no control character (NUL, bell, escape, tab,
 * carriage return, line feed…: Unicode's C0 and C1 controls and DEL) nor Unicode's line and paragraph
 * separators. None of them can be seen in a name, and each breaks the one line a name is shown on
 * (an email's subject, the report's header, a CSV export, a terminal reading the logs).
 */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
export const hasControlCharacter = (value: string): boolean => CONTROL_CHARACTER.test(value);
export const NAME_CONTROL_CHARACTERS_MESSAGE = 'A name cannot contain line breaks or control characters';
