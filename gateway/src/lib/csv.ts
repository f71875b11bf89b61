/**
 * CSV as spreadsheets read it (RFC 4180: comma separated, CRLF line ends, a field quoted when it
 * holds a comma, a quote or a line break, quotes doubled inside).
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip before looking) as a formula: a user who names themselves `=HYPERLINK(...)` would
 * otherwise run it on the reader's machine. Such a text cell gets a leading apostrophe, which the
 * spreadsheet shows as text (OWASP's advice for CSV injection). A number the server formats
 * itself (`csvNumber`) is written as it is, so a negative amount stays a number.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A number cell: only plain decimal digits with an optional sign, never text. */
export type CsvNumber = { readonly number: string };

export function csvNumber(text: string): CsvNumber {
  if (!PLAIN_NUMBER.test(text)) throw new RangeError(`not a plain number: ${text}`);
  return { number: text };
}

export function csvCell(value: string | CsvNumber): string {
  if (typeof value !== 'string') return value.number;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | CsvNumber)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
