import type { Db } from '@app/db';
import type { StatementFormat, StatementQuery } from '@app/shared';
import { statementCsv } from './statements.csv.ts';
import { statementPdf } from './statements.pdf.ts';
import { statementHead, streamStatementEntries } from './statements.repository.ts';
import { statementFileName, summarise } from './statements.summary.ts';

/** Movements read per cursor batch. */
const BATCH = 500;

const CONTENT_TYPES: Record<StatementFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/**
 * The user's statement of their real balance: the summary is read first (one statement), then
 * the movements stream from a cursor into the file as the client reads it.
 */
export function createStatementsService({ db, now = Date.now }: { db: Db; now?: () => number }) {
  return {
    async statement(userId: string, query: StatementQuery) {
      const period = { userId, start: query.start, end: query.end };
      const head = await statementHead(db, period);
      const statement = summarise(head, query.from, query.to);
      const entries = streamStatementEntries(db, period, head, BATCH);
      return {
        contentType: CONTENT_TYPES[query.format],
        fileName: statementFileName(statement, query.format),
        body:
          query.format === 'pdf'
            ? statementPdf(statement, entries, new Date(now()))
            : statementCsv(statement, entries),
      };
    },
  };
}
