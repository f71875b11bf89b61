import { describe, expect, it } from 'vitest';
import { breakEvenWinRate, decideOutcome, type OutcomeTrade, winProfitPaise } from './trade-rules.ts';

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
