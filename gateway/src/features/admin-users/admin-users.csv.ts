import { paiseToRupeesText } from '@app/shared';
import { csvLine } from '../../lib/csv.ts';
import type { UserListRow } from './admin-users.repository.ts';

/** The users export as CSV (lib/csv.ts: RFC 4180, formula cells neutralised). */

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
    paiseToRupeesText(row.balance),
    paiseToRupeesText(row.freez_amount),
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
