import { describe, expect, it } from 'vitest';
import { BINANCE_PUBLIC_API, binanceAggTradeUrl, decimalToE8, e8ToNumber } from './market.ts';

describe('decimalToE8', () => {
  it('scales Binance price strings exactly', () => {
    expect(decimalToE8('64000.12000000')).toBe(6_400_012_000_000n);
    expect(decimalToE8('0.00001234')).toBe(1234n);
    expect(decimalToE8('3')).toBe(300_000_000n);
    expect(e8ToNumber('6400012000000')).toBe(64000.12);
  });

  it('refuses what is not an exact decimal of at most 8 places', () => {
    expect(() => decimalToE8('1e5')).toThrow(RangeError);
    expect(() => decimalToE8('0.000000001')).toThrow(RangeError);
    expect(decimalToE8('1.1234567800')).toBe(112_345_678n);
  });
});

describe('binanceAggTradeUrl', () => {
  it("addresses one aggregate trade of a pair on Binance's public REST API", () => {
    const url = new URL(binanceAggTradeUrl('btcusdt', 3_120_456_789));
    expect(url.origin).toBe('https://api.binance.com');
    expect(BINANCE_PUBLIC_API).toBe('https://api.binance.com');
    expect(url.pathname).toBe('/api/v3/aggTrades');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      symbol: 'BTCUSDT',
      fromId: '3120456789',
      limit: '1',
    });
    expect(binanceAggTradeUrl('POLUSDT', 7)).toBe(
      'https://api.binance.com/api/v3/aggTrades?symbol=POLUSDT&fromId=7&limit=1',
    );
  });
});
