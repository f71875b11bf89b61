import type { UserListRow } from './admin-users.repository.ts';

/**
 * The users export as CSV (RFC 4180: comma separated, CRLF line ends, a field quoted when it
 * holds a comma, a quote or a line break, quotes doubled inside).
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip before looking) as a formula: a user who names themselves `=HYPERLINK(...)` would
 * otherwise run it on the admin's machine. Such a cell gets a leading apostrophe, which the
 * spreadsheet shows as text (OWASP's advice for CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Paise as rupees with exactly 2 decimals, from the integer (no float in between). */
export function paiseToInrText(paise: bigint): string {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export const USERS_CSV_HEADER = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'country',
  'role',
  'balance_inr',
  'on_hold_inr',
  'trades',
  'banned',
  'created_at',
] as const;

export function userCsvLine(row: UserListRow): string {
  return csvLine([
    row.id,
    row.username,
    row.first_name,
    row.last_name,
    row.email,
    row.country,
    row.role,
    paiseToInrText(row.balance),
    paiseToInrText(row.freez_amount),
    row.trades.toString(),
    row.banned ? 'yes' : 'no',
    row.created_at,
  ]);
}

/** The whole file as chunks: the header, then one chunk per batch of rows. */
export async function* usersCsv(batches: AsyncIterable<UserListRow[]>): AsyncGenerator<string> {
  yield csvLine(USERS_CSV_HEADER);
  for await (const rows of batches) yield rows.map(userCsvLine).join('');
}
