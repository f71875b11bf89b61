import { describe, expect, it } from 'vitest';
import {
  changeLimit,
  coolOffEnd,
  effectiveLimit,
  indianDayStart,
  LIMIT_RAISE_DELAY_MS,
  NO_LIMIT,
  selfExclusionEnd,
} from './responsible-trading.ts';
import { coolOffSchema, limitsUpdateSchema, selfExclusionSchema } from './schemas/responsible-trading.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('changeLimit', () => {
  it('applies a first limit at once', () => {
    expect(changeLimit(NO_LIMIT, 5000n, now)).toEqual({ current: 5000n, pending: null, pendingFrom: null });
  });

  it('applies a lower limit at once and drops a pending raise', () => {
    const state = { current: 5000n, pending: 9000n, pendingFrom: later(1000) };
    expect(changeLimit(state, 3000n, now)).toEqual({ current: 3000n, pending: null, pendingFrom: null });
  });

  it('keeps a raise pending for 24 hours while the lower limit stays in force', () => {
    const next = changeLimit({ current: 5000n, pending: null, pendingFrom: null }, 9000n, now);
    expect(next).toEqual({ current: 5000n, pending: 9000n, pendingFrom: later(LIMIT_RAISE_DELAY_MS) });
    expect(effectiveLimit(next, later(LIMIT_RAISE_DELAY_MS - 1))).toBe(5000n);
    expect(effectiveLimit(next, later(LIMIT_RAISE_DELAY_MS))).toBe(9000n);
  });

  it('keeps a removal pending for 24 hours, then no limit applies', () => {
    const next = changeLimit({ current: 5000n, pending: null, pendingFrom: null }, null, now);
    expect(next.pendingFrom).toEqual(later(LIMIT_RAISE_DELAY_MS));
    expect(effectiveLimit(next, now)).toBe(5000n);
    expect(effectiveLimit(next, later(LIMIT_RAISE_DELAY_MS))).toBeNull();
  });

  it('does not restart the wait when the same raise is asked again', () => {
    const first = changeLimit({ current: 5000n, pending: null, pendingFrom: null }, 9000n, now);
    const again = changeLimit(first, 9000n, later(3_600_000));
    expect(again.pendingFrom).toEqual(first.pendingFrom);
  });

  it('cancels a pending raise when the limit in force is asked for again', () => {
    const first = changeLimit({ current: 5000n, pending: null, pendingFrom: null }, 9000n, now);
    expect(changeLimit(first, 5000n, later(1))).toEqual({ current: 5000n, pending: null, pendingFrom: null });
  });

  it('starts from a raise that has applied: lowering from it is immediate', () => {
    const raised = { current: 5000n, pending: 9000n, pendingFrom: later(-1) };
    expect(changeLimit(raised, 7000n, now)).toEqual({ current: 7000n, pending: null, pendingFrom: null });
    expect(changeLimit(raised, 12_000n, now)).toEqual({
      current: 9000n,
      pending: 12_000n,
      pendingFrom: later(LIMIT_RAISE_DELAY_MS),
    });
  });
});

describe('days and periods', () => {
  it('starts the Indian day at IST midnight (18:30 UTC the day before)', () => {
    expect(indianDayStart(new Date('2026-03-10T18:29:59.999Z')).toISOString()).toBe(
      '2026-03-09T18:30:00.000Z',
    );
    expect(indianDayStart(new Date('2026-03-10T18:30:00.000Z')).toISOString()).toBe(
      '2026-03-10T18:30:00.000Z',
    );
  });

  it('never shortens a running cool-off or self-exclusion', () => {
    const long = later(10 * LIMIT_RAISE_DELAY_MS);
    expect(coolOffEnd(now, 24, long)).toBe(long);
    expect(coolOffEnd(now, 24, null)).toEqual(later(LIMIT_RAISE_DELAY_MS));
    const farAway = new Date('2030-01-01T00:00:00.000Z');
    expect(selfExclusionEnd(now, 6, farAway)).toBe(farAway);
  });

  it('ends a self-exclusion on the same day months later, or the last day of a shorter month', () => {
    expect(selfExclusionEnd(now, 6, null).toISOString()).toBe('2026-09-10T12:00:00.000Z');
    expect(selfExclusionEnd(new Date('2026-08-31T05:00:00.000Z'), 6, null).toISOString()).toBe(
      '2027-02-28T05:00:00.000Z',
    );
  });
});

describe('schemas', () => {
  it('reads an empty limit as none and refuses a missing key', () => {
    expect(limitsUpdateSchema.parse({ dailyLossLimit: '', dailyDepositLimit: 500 })).toEqual({
      dailyLossLimit: null,
      dailyDepositLimit: 500,
    });
    expect(limitsUpdateSchema.safeParse({ dailyLossLimit: 100 }).success).toBe(false);
    expect(limitsUpdateSchema.safeParse({ dailyLossLimit: 0, dailyDepositLimit: null }).success).toBe(false);
  });

  it('bounds a cool-off to 24 hours .. 6 weeks and a self-exclusion to 6 months or more', () => {
    expect(coolOffSchema.safeParse({ hours: 23 }).success).toBe(false);
    expect(coolOffSchema.safeParse({ hours: 24 }).success).toBe(true);
    expect(coolOffSchema.safeParse({ hours: 1008 }).success).toBe(true);
    expect(coolOffSchema.safeParse({ hours: 1009 }).success).toBe(false);
    expect(selfExclusionSchema.safeParse({ months: 5 }).success).toBe(false);
    expect(selfExclusionSchema.safeParse({ months: 6 }).success).toBe(true);
  });
});
