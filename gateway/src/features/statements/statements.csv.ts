import { paiseToRupeesText } from '@app/shared';
import { csvLine, csvNumber } from '../../lib/csv.ts';
import type { StatementEntryRow } from './statements.repository.ts';
import { entryCells, type Statement, SUMMARY_COLUMNS } from './statements.summary.ts';

export const STATEMENT_CSV_HEADER = [
  'date_ist',
  'entry_id',
  'type',
  'remarks',
  'reference',
  'amount_inr',
  'balance_inr',
] as const;

export const STATEMENT_CSV_SUMMARY_HEADER = [
  'financial_year',
  'from',
  'to',
  ...SUMMARY_COLUMNS.map(([, , name]) => name),
];

const rupees = (paise: bigint) => csvNumber(paiseToRupeesText(paise));

/**
 * The statement as CSV: the movements with the running balance (the opening balance first),
 * then after an empty line the summary per financial year. Text cells that a spreadsheet would
 * run as a formula are neutralised; amounts stay numbers, negative ones included.
 */
export async function* statementCsv(
  statement: Statement,
  batches: AsyncIterable<StatementEntryRow[]>,
): AsyncGenerator<string> {
  yield csvLine(STATEMENT_CSV_HEADER);
  yield csvLine([
    `${statement.from} 00:00:00`,
    '',
    'Opening balance',
    '',
    '',
    csvNumber('0.00'),
    rupees(statement.opening),
  ]);
  for await (const rows of batches) {
    yield rows
      .map((row) => {
        const c = entryCells(row);
        return csvLine([
          c.at,
          csvNumber(c.entryId),
          c.type,
          c.remarks,
          c.reference,
          csvNumber(c.amount),
          csvNumber(c.balance),
        ]);
      })
      .join('');
  }
  yield '\r\n';
  yield csvLine(STATEMENT_CSV_SUMMARY_HEADER);
  for (const y of statement.years) {
    yield csvLine([y.year, y.from, y.to, ...SUMMARY_COLUMNS.map(([key]) => rupees(y[key]))]);
  }
}
