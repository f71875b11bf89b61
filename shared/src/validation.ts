import { z } from 'zod';
import { MSG } from './messages.ts';
import { parseRupees } from './money.ts';

/** The first issue's message: forms show one message at a time, in the spec's order. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Validate in a form: `{ ok: true, data }` or `{ ok: false, message }`. */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, message: firstIssueMessage(result.error) };
}

/*
 * The primitives every request schema builds on. A schema that uses them refuses what the
 * database cannot store or a screen cannot show (NUL, other control characters), dates that do
 * not exist or lie outside the platform's life, and amounts that are not plainly written
 * rupees, each with a message and never by failing deeper down with a 500. A new schema gets
 * the same rules by using them: every text field is a `singleLineText` or a `multiLineText`,
 * every day a `calendarDay`, every amount of money a `rupeeAmount`.
 */

// ---- text -----------------------------------------------------------------------------------------

/** Longest text any single-line field takes, whatever its own limit (a last bound, not a rule). */
export const SINGLE_LINE_MAX = 1000;
/** Longest text any multi-line field (messages, bodies, recipient lists) takes. */
export const MULTI_LINE_MAX = 20_000;

/**
 * Whether `text` holds a character no text field accepts: C0 controls (NUL included), DEL and
 * the C1 controls. A multi-line field allows tab, line feed and carriage return; a single-line
 * field allows none of them, nor the Unicode line and paragraph separators.
 */
export function hasControlCharacters(text: string, multiLine = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (multiLine && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return true;
    }
    if (c >= 0x7f && c <= 0x9f) return true;
    if (!multiLine && (c === 0x2028 || c === 0x2029)) return true;
  }
  return false;
}

/**
 * A one-line text field (names, titles, search terms, labels). `message` is the field's own
 * message for a value that is not a string; control characters get `MSG.textControlCharacters`
 * and text over SINGLE_LINE_MAX gets `MSG.textTooLong` (chain `.max()` for the field's limit).
 * The result is a zod string, so `.trim()`, `.min()`, `.regex()` chain after it.
 */
export function singleLineText(message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .refine((text) => !hasControlCharacters(text), MSG.textControlCharacters)
    .max(SINGLE_LINE_MAX, MSG.textTooLong);
}

/** A multi-line text field (messages, bodies, remarks, recipient lists): tab, LF and CR allowed. */
export function multiLineText(message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .refine((text) => !hasControlCharacters(text, true), MSG.textControlCharacters)
    .max(MULTI_LINE_MAX, MSG.textTooLong);
}

/** Deepest nesting of arrays and objects a request part may have (see `exceedsDepth`). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Where a NUL character sits in a parsed request part (body, query, params, headers): the path
 * of the first string, or object key, that holds one; undefined when there is none. PostgreSQL
 * cannot store NUL in text, so the gateway refuses any such request before a schema or a
 * query sees it. The walk stops at MAX_INPUT_DEPTH: deeper input is refused for its depth.
 */
export function findNul(value: unknown, depth = MAX_INPUT_DEPTH): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (value === null || typeof value !== 'object' || depth === 0) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = findNul(value[i], depth - 1);
      if (inner) return [i, ...inner];
    }
    return undefined;
  }
  // Buffers and other binary bodies are not text.
  if (ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [key];
    const found = findNul(inner, depth - 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

/**
 * Whether arrays and objects nest deeper than `limit` in a parsed request part. No schema
 * takes such input, and a free-form field (JSON data stored as jsonb) must not hand the
 * database a structure it refuses for its depth.
 */
export function exceedsDepth(value: unknown, limit = MAX_INPUT_DEPTH): boolean {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (limit === 0) return true;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => exceedsDepth(child, limit - 1));
}

// ---- pages ----------------------------------------------------------------------------------------

/** Highest page number a list accepts: far past any real list, and small enough for an offset. */
export const MAX_PAGE = 100_000;

/** `page` of a list query: 1 when absent, not a whole number, or out of range. */
export const pageQuery = z.coerce.number().int().min(1).max(MAX_PAGE).default(1).catch(1);

// ---- days (India time) ------------------------------------------------------------------------------

/** The platform's timezone: India Standard Time, UTC+05:30 all year (no daylight saving). */
export const PLATFORM_TIMEZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;
/** The first day any date field accepts. */
export const EARLIEST_DAY = '2020-01-01';

/** The IST calendar day (`YYYY-MM-DD`) of an instant. */
export function istDay(at: Date | number = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * An instant in India time to the millisecond, saying so: `2026-11-26 10:15:03.123 IST (UTC+05:30)`
 * (the same text whatever the reader's own time zone).
 */
export function istTimestamp(at: Date | number | string): string {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (Number.isNaN(ms)) throw new RangeError(`not a time: ${String(at)}`);
  const iso = new Date(ms + IST_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} IST (UTC+05:30)`;
}

/** Midnight IST at the start of `day` (`YYYY-MM-DD`, already checked). */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/** Midnight IST at the end of `day`: the first instant after it (ranges end before it). */
export function istDayEnd(day: string): Date {
  return new Date(istDayStart(day).getTime() + DAY_MS);
}

/** How far ahead a date field reaches unless it says otherwise: the platform's reports and filters. */
export const DAY_YEARS_AHEAD = 1;

/** The last day a date field accepts: `yearsAhead` years after today (IST). */
export function latestDay(now: number = Date.now(), yearsAhead: number = DAY_YEARS_AHEAD): string {
  const today = istDay(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // 29 February some years on is 28 February.
  const next = new Date(Date.UTC(y + yearsAhead, m - 1, Math.min(d, m === 2 ? 28 : d)));
  return next.toISOString().slice(0, 10);
}

/** Whether `text` is `YYYY-MM-DD` naming a day that exists (2026-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** How far ahead a date field reaches, in years from today (IST); DAY_YEARS_AHEAD unless given. */
export type DayRange = { yearsAhead?: number };

/**
 * THE calendar rule: whether `day` (`YYYY-MM-DD`) is a real calendar day from EARLIEST_DAY to
 * `yearsAhead` years after today (IST). Every date input, a day or an instant, is bounded by it.
 */
export function isDayInRange(day: string, range: DayRange = {}): boolean {
  return isCalendarDay(day) && day >= EARLIEST_DAY && day <= latestDay(Date.now(), range.yearsAhead);
}

const yearsText = (range: DayRange) => {
  const years = range.yearsAhead ?? DAY_YEARS_AHEAD;
  return years === 1 ? 'one year' : `${years} years`;
};

/**
 * A day as a date field takes it: `YYYY-MM-DD`, a real calendar day, from EARLIEST_DAY to one
 * year after today (or `range.yearsAhead`), read as that day in India time (IST). Anything else
 * is refused with `message` (`MSG.dateInvalid`). The output is the day's text;
 * `.transform(istDayStart)` (a range's first day) or `.transform(istDayEnd)` (its last day,
 * whole) turn it into an instant.
 */
export function calendarDay(message: string = MSG.dateInvalid, range: DayRange = {}) {
  return z
    .string({ error: message })
    .trim()
    .refine((text) => isDayInRange(text, range), message)
    .describe(`a day, YYYY-MM-DD, in India time (IST), from ${EARLIEST_DAY} to ${yearsText(range)} ahead`);
}

/** A day, or a day and a time with its zone: `Z` or an offset of at most ±14:00. */
const INSTANT_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:0\d|1[0-3]):[0-5]\d|[+-]14:00))?$/;

/**
 * An instant as a date-and-time field takes it: ISO 8601, either a day (`YYYY-MM-DD`, its
 * midnight UTC, as `Date.parse` reads it) or a day and a time of day with its zone
 * (`2027-03-01T18:30:00.000Z`, `2027-03-01T18:30+05:30`). The written day must be a real one,
 * the time of day 00:00 to 23:59:59 (no `24:00`, no leap second), and the instant's day in India
 * time within the calendar rule's range (`isDayInRange`). Refused with `message`; the output is
 * the text as written (trimmed), which `new Date()` reads.
 */
export function calendarInstant(message: string, range: DayRange = {}) {
  return z
    .string({ error: message })
    .trim()
    .max(40, message)
    .refine((text) => {
      const match = INSTANT_PATTERN.exec(text);
      if (!match || !isCalendarDay(match[1] ?? '')) return false;
      const at = Date.parse(text);
      return Number.isFinite(at) && isDayInRange(istDay(at), range);
    }, message)
    .describe(
      `an ISO 8601 day or instant with its zone, from ${EARLIEST_DAY} to ${yearsText(range)} ahead (India time)`,
    );
}

// ---- whole numbers and numeric ids -------------------------------------------------------------------

/** Largest value of a Postgres `integer` (serial keys). */
export const PG_INTEGER_MAX = 2_147_483_647;

/**
 * THE whole-number rule of every numeric input (ids, counts, durations). Accepted: a JSON
 * integer, or a string of plain decimal digits without a leading zero, from `min` to `max`.
 * Refused with `message`: hex (`0x1`), exponents (`1e0`), signs, leading zeros, fractions,
 * whitespace, Infinity, NaN, other types and a missing value. The output is the number.
 */
export function wholeNumber(message: string, bounds: { min: number; max: number }) {
  const { min, max } = bounds;
  return z
    .union(
      [
        z.number({ error: message }).int(message).min(min, message).max(max, message),
        z.string({ error: message }).regex(/^(?:0|[1-9]\d{0,15})$/, message),
      ],
      { error: message },
    )
    .describe(`a whole number from ${min} to ${max}, or a string of its digits`)
    .transform((value, ctx) => {
      const n = Number(value);
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n;
    });
}

/** A numeric id (a serial key): a whole number from 1 to PG_INTEGER_MAX, by the whole-number rule. */
export function positiveIntId(message: string) {
  return wholeNumber(message, { min: 1, max: PG_INTEGER_MAX });
}

// ---- money ------------------------------------------------------------------------------------------

/** Largest amount of money one request moves or holds, in rupees (a sanity bound). */
export const MAX_AMOUNT_RUPEES = 10_000_000;

export type RupeeAmountOptions = {
  /** A hold's amount: 0 is allowed (it releases the hold). Every other amount is above 0. */
  allowZero?: boolean;
  /** Upper bound in rupees, MAX_AMOUNT_RUPEES unless given. */
  max?: number;
};

/**
 * THE amount rule of every money route: stakes, top-ups, withdrawals, holds, admin balance
 * adjustments. Use it for any new field that carries money, with the spec's message for that
 * form (`MSG.tradeAmountInvalid` "Enter a valid amount.", `MSG.topupAmountInvalid`, ...).
 *
 * Accepted: rupees as a JSON number with at most two decimals, or a string of plain decimal
 * digits with at most two decimals ("100", "100.5", "0.75"), above 0 (or 0 with
 * `allowZero`) and at most `max`. Refused with `message`: hex, exponents, signs, padding or
 * whitespace, leading zeros, Infinity, NaN, more than two decimals, zero, negatives, other
 * types, and a missing value. The output is rupees as a number whose decimal form has at most
 * two places, so `rupeesToPaise` turns it into paise exactly; `parseRupees` (money.ts) is the
 * same rule for code that wants the paise directly.
 */
export function rupeeAmount(message: string, options: RupeeAmountOptions = {}) {
  const maxPaise = BigInt(Math.round((options.max ?? MAX_AMOUNT_RUPEES) * 100));
  const minPaise = options.allowZero ? 0n : 1n;
  return z
    .union([z.number(), z.string()], { error: message })
    .describe('rupees: a number, or a string of digits, with at most 2 decimals')
    .transform((value, ctx) => {
      const paise = parseRupees(value);
      if (paise === null || paise < minPaise || paise > maxPaise) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return Number(paise) / 100;
    });
}

/** A hold's amount: the amount rule, except that 0 releases the hold. */
export function holdAmount(message: string = MSG.tradeAmountInvalid) {
  return rupeeAmount(message, { allowZero: true });
}
