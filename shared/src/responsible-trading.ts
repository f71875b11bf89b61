import { istDay, istDayStart } from './validation.ts';

/**
 * Responsible trading: the rules a screen shows and the server applies to a user's own limits.
 * The database applies the same rule in its checks (db/sql/responsible_trading_check.sql reads
 * the effective limit the way `effectiveLimit` does); the gateway stores what `changeLimit`
 * answers.
 */

/**
 * The risk disclosure and terms a user accepts before their first real-money trade, top-up or
 * withdrawal. Raising it asks every user to accept the new text once more.
 */
export const DISCLOSURE_VERSION = 1;

/**
 * The refusals of a user's own settings, as the code of an error answer: the web shows the
 * disclosure dialog for `disclosure_required` and asks again once it is accepted.
 */
export const REFUSAL_CODES = [
  'disclosure_required',
  'cooling_off',
  'self_excluded',
  'daily_loss_limit',
  'daily_deposit_limit',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** A raised or removed limit applies this long after the user asked. */
export const LIMIT_RAISE_DELAY_MS = 24 * 3_600_000;

/** A cool-off lasts from 24 hours to 6 weeks, in whole hours. */
export const COOL_OFF_MIN_HOURS = 24;
export const COOL_OFF_MAX_HOURS = 6 * 7 * 24;

/** A self-exclusion lasts 6 months or more, in whole months (the upper bound is a sanity bound). */
export const SELF_EXCLUSION_MIN_MONTHS = 6;
export const SELF_EXCLUSION_MAX_MONTHS = 120;

/**
 * One of a user's daily limits, paise. `current` applies until `pendingFrom`, `pending` from
 * then on (null: no limit). No `pendingFrom`: nothing is pending.
 */
export type LimitState = {
  current: bigint | null;
  pending: bigint | null;
  pendingFrom: Date | null;
};

export const NO_LIMIT: Readonly<LimitState> = { current: null, pending: null, pendingFrom: null };

/** The limit in force at `now` (null: none). */
export function effectiveLimit(state: LimitState, now: Date): bigint | null {
  return state.pendingFrom !== null && state.pendingFrom.getTime() <= now.getTime()
    ? state.pending
    : state.current;
}

/** True when `a` allows less than `b` (null is no limit, which allows everything). */
export function isStricter(a: bigint | null, b: bigint | null): boolean {
  if (a === null) return false;
  return b === null || a < b;
}

/**
 * The state after the user asks for `requested` at `now`: a stricter limit applies at once and
 * drops anything pending; the limit in force again cancels a pending change; a looser one (or
 * none) waits LIMIT_RAISE_DELAY_MS, counted from the first time that same value was asked
 * for, so asking again does not push it back.
 */
export function changeLimit(state: LimitState, requested: bigint | null, now: Date): LimitState {
  const inForce = effectiveLimit(state, now);
  if (requested === inForce) return { current: inForce, pending: null, pendingFrom: null };
  if (isStricter(requested, inForce)) return { current: requested, pending: null, pendingFrom: null };
  const stillPending = state.pendingFrom !== null && state.pendingFrom.getTime() > now.getTime();
  if (stillPending && state.pending === requested) return { ...state, current: inForce };
  return {
    current: inForce,
    pending: requested,
    pendingFrom: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
  };
}

/** The start of the Indian day (IST midnight) `now` belongs to: the daily limits count from it. */
export function indianDayStart(now: Date): Date {
  return istDayStart(istDay(now));
}

/** When a cool-off of `hours` asked at `now` ends; one already running longer is kept. */
export function coolOffEnd(now: Date, hours: number, running: Date | null): Date {
  const end = new Date(now.getTime() + hours * 3_600_000);
  return running !== null && running.getTime() > end.getTime() ? running : end;
}

/**
 * When a self-exclusion of `months` calendar months asked at `now` ends (the same day of the
 * month, or the month's last day); one already running longer is kept.
 */
export function selfExclusionEnd(now: Date, months: number, running: Date | null): Date {
  const end = new Date(now.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return running !== null && running.getTime() > end.getTime() ? running : end;
}
