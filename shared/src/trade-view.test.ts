import { describe, expect, it } from 'vitest';
import { type TradeFields, toBalancesView, toTradeView } from './trade-view.ts';

const base: TradeFields = {
  id: '00000000-0000-4000-8000-000000000001',
  symbol: 'BTC',
  account: 'real',
  direction: 'up',
  amount: 10_050n,
  durationSeconds: 20,
  payoutPercent: 40,
  status: 'running',
  entryPriceE8: 6_412_345_000_000n,
  entryAggTradeId: 77,
  entryExchangeTs: new Date('2026-01-02T12:00:00.123Z'),
  entrySource: 'binance',
  exitPriceE8: null,
  exitAggTradeId: null,
  exitExchangeTs: null,
  exitSource: null,
  payout: null,
  profit: null,
  voidReason: null,
  cancelReason: null,
  expiresAt: new Date('2026-01-02T12:00:20.999Z'),
  createdAt: new Date('2026-01-02T12:00:00.300Z'),
  settledAt: null,
};

describe('trades as the API and the live events speak them', () => {
  it('shows a running trade in rupees with its entry price and no result yet', () => {
    expect(toTradeView(base)).toEqual({
      id: base.id,
      symbol: 'BTC',
      pair: 'BTC/INR',
      account: 'real',
      direction: 'up',
      amount: 100.5,
      durationSeconds: 20,
      payoutPercent: 40,
      status: 'running',
      result: null,
      entry: {
        price: 64123.45,
        priceE8: '6412345000000',
        aggTradeId: 77,
        exchangeTs: '2026-01-02T12:00:00.123Z',
        source: 'binance',
      },
      exit: null,
      payout: null,
      profit: null,
      reason: null,
      expiresAt: '2026-01-02T12:00:20.999Z',
      createdAt: '2026-01-02T12:00:00.300Z',
      settledAt: null,
    });
  });

  it('shows a settled trade with its exit price, result, payout and reason', () => {
    const won = toTradeView({
      ...base,
      status: 'won',
      exitPriceE8: 6_412_346_000_000n,
      exitAggTradeId: 80,
      exitExchangeTs: new Date('2026-01-02T12:00:20.900Z'),
      exitSource: 'binance',
      payout: 14_070n,
      profit: 4_020n,
      settledAt: new Date('2026-01-02T12:00:21.010Z'),
    });
    expect(won).toMatchObject({ result: 'Win', payout: 140.7, profit: 40.2, exit: { price: 64123.46 } });
    expect(
      toTradeView({ ...base, status: 'void', payout: 10_050n, profit: 0n, voidReason: 'stale' }),
    ).toMatchObject({ result: null, reason: 'stale' });
    expect(
      toTradeView({
        ...base,
        status: 'draw',
        exitPriceE8: 1n,
        exitExchangeTs: new Date(),
        exitSource: 'binance',
      }).result,
    ).toBe('Draw');
    expect(() => toTradeView({ ...base, entrySource: 'admin' })).toThrow(/unknown feed source/);
    expect(toBalancesView({ real: 123_456n, practice: 10_000_000n })).toEqual({
      real: 1234.56,
      practice: 100_000,
    });
  });
});
