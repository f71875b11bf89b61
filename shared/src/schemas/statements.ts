import { z } from 'zod';
import { MSG } from '../messages.ts';
import { calendarDay, istDayEnd, istDayStart } from '../validation.ts';

/**
 * The account statement of the user's real balance: every ledger movement of a period with the
 * running balance, and a summary per Indian financial year (1 April to 31 March, India time).
 */

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The longest period one statement covers, in days (three financial years and a leap day). */
export const STATEMENT_MAX_DAYS = 1096;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/** The download form on Financial Records: days as typed (India time), both whole. */
export const statementFormSchema = z
  .strictObject(
    {
      from: calendarDay(),
      to: calendarDay(),
      format: z.enum(STATEMENT_FORMATS, { error: MSG.statementFormatInvalid }).default('csv'),
    },
    { error: MSG.invalidInput },
  )
  .refine((q) => q.from <= q.to, { message: MSG.dateRangeInvalid, path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) <= STATEMENT_MAX_DAYS, {
    message: MSG.statementRangeTooLong,
    path: ['to'],
  });
export type StatementForm = z.input<typeof statementFormSchema>;

/**
 * GET /api/user/me/statement: the form's fields, with the period as instants: from the first
 * day's midnight IST (inclusive) to the midnight after the last day (exclusive).
 */
export const statementQuerySchema = statementFormSchema.transform((q) => ({
  ...q,
  start: istDayStart(q.from),
  end: istDayEnd(q.to),
}));
export type StatementQuery = z.output<typeof statementQuerySchema>;

/**
 * The Indian financial year an IST calendar day (`YYYY-MM-DD`) falls in, named as in tax forms:
 * `2025-26` runs from 1 April 2025 to 31 March 2026.
 */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = day.slice(5) >= '04-01' ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
