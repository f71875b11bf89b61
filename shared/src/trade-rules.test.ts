import { describe, expect, it } from 'vitest';
import {
  breakEvenWinRate,
  decideOutcome,
  expiryFor,
  mulDivRoundHalfAwayFromZero,
  type OutcomeTrade,
  winProfitPaise,
} from './trade-rules.ts';

const expiresAt = new Date('2026-01-01T00:00:10.999Z');
const trade = (over: Partial<OutcomeTrade> = {}): OutcomeTrade => ({
  account: 'real',
  direction: 'up',
  amount: 10_000n,
  payoutPercent: 40,
  entryPriceE8: 100_00000000n,
  expiresAt,
  ...over,
});
const tick = (priceE8: bigint, over: { source?: string; lagMs?: number } = {}) => ({
  priceE8,
  exchangeTs: new Date(expiresAt.getTime() - (over.lagMs ?? 100)),
  source: over.source ?? 'binance',
});

describe('winProfitPaise', () => {
  it('rounds a fraction of a paisa half away from zero', () => {
    expect(winProfitPaise(1001n, 25)).toBe(250n); // 250.25
    expect(winProfitPaise(2n, 25)).toBe(1n); // 0.5
    expect(winProfitPaise(6n, 25)).toBe(2n); // 1.5
    expect(winProfitPaise(10_000n, 40)).toBe(4_000n);
  });
  it('refuses a fractional percentage', () => {
    expect(() => winProfitPaise(100n, 12.5)).toThrow(RangeError);
  });
});

describe('breakEvenWinRate', () => {
  it('is 1 / (1 + payout)', () => {
    expect(breakEvenWinRate(40)).toBeCloseTo(0.7143, 4);
    expect(breakEvenWinRate(100)).toBe(0.5);
  });
});

describe('decideOutcome', () => {
  it('pays stake and profit when the price moved the chosen way', () => {
    expect(decideOutcome(trade(), tick(101_00000000n), 1000)).toEqual({
      status: 'won',
      payout: 14_000n,
      profit: 4_000n,
      voidReason: null,
    });
    expect(decideOutcome(trade({ direction: 'down' }), tick(99_00000000n), 1000).status).toBe('won');
  });
  it('loses the stake when the price moved the other way', () => {
    expect(decideOutcome(trade({ direction: 'down' }), tick(101_00000000n), 1000)).toEqual({
      status: 'lost',
      payout: 0n,
      profit: -10_000n,
      voidReason: null,
    });
  });
  it('returns the stake on an unchanged price', () => {
    expect(decideOutcome(trade(), tick(100_00000000n), 1000)).toMatchObject({
      status: 'draw',
      payout: 10_000n,
    });
  });
  it('voids without a price, with a stale price, and with a simulated price for real money', () => {
    expect(decideOutcome(trade(), null, 1000).status).toBe('void');
    expect(decideOutcome(trade(), tick(101_00000000n, { lagMs: 1001 }), 1000)).toMatchObject({
      status: 'void',
      payout: 10_000n,
      profit: 0n,
    });
    expect(decideOutcome(trade(), tick(101_00000000n, { source: 'simulated' }), 1000).status).toBe('void');
    expect(
      decideOutcome(trade({ account: 'practice' }), tick(101_00000000n, { source: 'simulated' }), 1000)
        .status,
    ).toBe('won');
  });
});

const STALE_MS = 4_000;
const T0 = Date.UTC(2026, 0, 1);
const at = (ms: number) => new Date(T0 + ms);

describe('payout arithmetic and outcome rules', () => {
  it('rounds the profit half away from zero to whole paise', () => {
    expect(winProfitPaise(10_000n, 40)).toBe(4_000n);
    expect(winProfitPaise(1_001n, 25)).toBe(250n); // 250.25
    expect(winProfitPaise(1_002n, 25)).toBe(251n); // 250.5
    expect(winProfitPaise(2n, 25)).toBe(1n); // 0.5
    expect(winProfitPaise(1n, 20)).toBe(0n); // 0.2
    expect(winProfitPaise(333n, 1000)).toBe(3_330n);
    expect(mulDivRoundHalfAwayFromZero(-1_002n, 25n, 100n)).toBe(-251n);
    expect(mulDivRoundHalfAwayFromZero(-1_001n, 25n, 100n)).toBe(-250n);
  });

  it('ends a trade on the last millisecond of the second its duration ends in', () => {
    expect(expiryFor(at(0), 20)).toEqual(at(20_999));
    expect(expiryFor(at(999), 20)).toEqual(at(20_999));
    expect(expiryFor(at(1_000), 20)).toEqual(at(21_999));
    expect(expiryFor(at(1_001), 60)).toEqual(at(61_999));
  });

  it('decides by exit versus entry only', () => {
    const trade = {
      account: 'real' as const,
      direction: 'up' as const,
      amount: 1_000n,
      payoutPercent: 60,
      entryPriceE8: 500n,
      expiresAt: at(30_000),
    };
    const exit = (priceE8: bigint, msBefore = 100, source = 'binance') => ({
      priceE8,
      aggTradeId: 1,
      exchangeTs: at(30_000 - msBefore),
      source,
      second: at(29_000),
    });
    expect(decideOutcome(trade, exit(501n), STALE_MS)).toMatchObject({
      status: 'won',
      payout: 1_600n,
      profit: 600n,
    });
    expect(decideOutcome(trade, exit(499n), STALE_MS)).toMatchObject({
      status: 'lost',
      payout: 0n,
      profit: -1_000n,
    });
    expect(decideOutcome(trade, exit(500n), STALE_MS)).toMatchObject({
      status: 'draw',
      payout: 1_000n,
      profit: 0n,
    });
    const down = { ...trade, direction: 'down' as const };
    expect(decideOutcome(down, exit(499n), STALE_MS)).toMatchObject({ status: 'won', payout: 1_600n });
    expect(decideOutcome(down, exit(501n), STALE_MS)).toMatchObject({ status: 'lost' });
    expect(decideOutcome(trade, null, STALE_MS)).toMatchObject({ status: 'void', payout: 1_000n });
    expect(decideOutcome(trade, exit(501n, STALE_MS + 1), STALE_MS)).toMatchObject({ status: 'void' });
    expect(decideOutcome(trade, exit(501n, STALE_MS), STALE_MS)).toMatchObject({ status: 'won' });
    expect(decideOutcome(trade, exit(501n, 100, 'simulated'), STALE_MS)).toMatchObject({ status: 'void' });
    expect(
      decideOutcome({ ...trade, account: 'practice' }, exit(501n, 100, 'simulated'), STALE_MS),
    ).toMatchObject({ status: 'won' });
  });
});
