import { calendarDay, MSG } from '@app/shared';

const day = calendarDay();

export type DateRange = { from: string; to: string };
/** Why typed text is no range: 'format', or the shared message for its days. */
export type DateRangeProblem = { invalid: 'format' | string };

/**
 * The trade log's date range as typed, `YYYY-MM-DD - YYYY-MM-DD` (admin-side §2), sent as the
 * query's from and to. Each day is checked by the shared `calendarDay` rule the gateway
 * applies (a real day, from 2020 to a year ahead), and from must not be after to. Empty text
 * is no range; anything else names its problem, and nothing is filtered by it.
 */
export function parseDateRange(text: string): DateRange | null | DateRangeProblem {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})\s*-\s*(\d{4}-\d{2}-\d{2})$/.exec(trimmed);
  if (!m?.[1] || !m[2]) return { invalid: 'format' };
  const [from, to] = [day.safeParse(m[1]), day.safeParse(m[2])];
  if (!from.success || !to.success) return { invalid: MSG.dateInvalid };
  if (from.data > to.data) return { invalid: MSG.dateRangeInvalid };
  return { from: from.data, to: to.data };
}
