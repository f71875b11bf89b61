import { CANDLE_INTERVAL_SECONDS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { tick } from '../../../test/fixtures.ts';
import { cumulativeLevels, spreadOf } from './book.ts';
import { changeSinceFirst } from './change.ts';
import { coinName, symbolOfPair } from './coins.ts';
import {
  abbreviatePrice,
  formatFixed,
  formatInrPrice,
  formatPercent,
  formatPrice,
  levelDigits,
  priceDigits,
  toInr,
} from './format.ts';
import { isNewerTick, nextCandle, ticksAfter } from './ticks.ts';

describe('order book', () => {
  it('sums the quantity from the best price outwards', () => {
    const asks: Array<[number, number]> = [
      [101, 0.5],
      [102, 1.25],
      [103, 2],
    ];
    expect(cumulativeLevels(asks)).toEqual([
      { price: 101, quantity: 0.5, total: 0.5 },
      { price: 102, quantity: 1.25, total: 1.75 },
      { price: 103, quantity: 2, total: 3.75 },
    ]);
  });

  it('keeps only the first levels when given a limit', () => {
    const bids = Array.from({ length: 20 }, (_, i) => [100 - i, 1] as [number, number]);
    const rows = cumulativeLevels(bids, 15);
    expect(rows).toHaveLength(15);
    expect(rows[14]).toEqual({ price: 86, quantity: 1, total: 15 });
  });

  it('gives the spread between the best ask and the best bid, or null for an empty side', () => {
    expect(spreadOf([[101, 1]], [[99.5, 1]])).toBe(1.5);
    expect(spreadOf([], [[99.5, 1]])).toBeNull();
  });
});

describe('change since the first point', () => {
  it('measures from the first point to the live price', () => {
    const change = changeSinceFirst([100, 120, 90], 110);
    expect(change?.change).toBe(10);
    expect(change?.percent).toBeCloseTo(10);
    expect(change?.up).toBe(true);
  });

  it('uses the last point without a live price and calls a fall down', () => {
    const change = changeSinceFirst([200, 150]);
    expect(change?.percent).toBeCloseTo(-25);
    expect(change?.up).toBe(false);
  });

  it('counts no change as up (green)', () => {
    expect(changeSinceFirst([50, 60], 50)?.up).toBe(true);
  });

  it('has no change without points or from a zero first point', () => {
    expect(changeSinceFirst([], 10)).toBeNull();
    expect(changeSinceFirst([0, 1])).toBeNull();
  });
});

describe('INR and number display', () => {
  it('converts USDT to INR at the rate', () => {
    expect(toInr(100, 83.4)).toBeCloseTo(8340);
    expect(formatInrPrice(1234.5, 83.4)).toBe('₹1,02,957.30');
  });

  it('shows small prices with enough decimals', () => {
    expect(priceDigits(65000)).toBe(2);
    expect(priceDigits(0.5123)).toBe(4);
    expect(priceDigits(0.0000123)).toBe(8);
    expect(formatPrice(0.0008123)).toBe('0.0008123');
    expect(formatPrice(123456.7)).toBe('1,23,456.70');
  });

  it('gives a column of book prices enough decimals to tell adjacent levels apart', () => {
    expect(levelDigits([5_360_845.25, 5_360_416.57, 5_359_987.9])).toBe(2);
    // SHIB at 83.4: levels 1e-8 USDT apart are 8.34e-7 INR apart.
    const shib = [0.00001785, 0.00001784, 0.00001783].map((p) => p * 83.4);
    expect(levelDigits(shib)).toBe(7);
    expect(new Set(shib.map((p) => formatFixed(p, levelDigits(shib)))).size).toBe(3);
    expect(formatFixed(0.0015, 6)).toBe('0.001500');
    expect(levelDigits([])).toBe(2);
  });

  it('abbreviates from a thousand up with K/M/B/T', () => {
    expect(abbreviatePrice(97123.45)).toBe('97.12K');
    expect(abbreviatePrice(2_500_000)).toBe('2.50M');
    expect(abbreviatePrice(3.2e9)).toBe('3.20B');
    expect(abbreviatePrice(1.5e12)).toBe('1.50T');
    expect(abbreviatePrice(0.32)).toBe('0.32');
  });

  it('signs percentages', () => {
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(0)).toBe('+0.00%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
  });
});

describe('coins and pairs', () => {
  it('reads the symbol of a SYMBOL-INR pair', () => {
    expect(symbolOfPair('btc-inr')).toBe('BTC');
    expect(symbolOfPair('ETH-INR')).toBe('ETH');
    expect(symbolOfPair('BTC-USD')).toBeNull();
    expect(symbolOfPair('')).toBeNull();
  });

  it("names the spec's coins, then the market's name, then the symbol", () => {
    expect(coinName('DOGE', 'whatever')).toBe('Dogecoin');
    expect(coinName('PEPE', 'Pepe')).toBe('Pepe');
    expect(coinName('XYZ')).toBe('XYZ');
  });
});

describe('tick order', () => {
  it('orders ticks of one source by aggregate-trade id', () => {
    const a = tick('BTC', 1, { aggTradeId: 10, exchangeTs: 1000 });
    const b = tick('BTC', 2, { aggTradeId: 11, exchangeTs: 1000 });
    expect(isNewerTick(b, a)).toBe(true);
    expect(isNewerTick(a, b)).toBe(false);
    expect(isNewerTick(a, a)).toBe(false);
  });

  it('orders ticks without ids by exchange time', () => {
    const a = tick('BTC', 1, { aggTradeId: null, exchangeTs: 1000, source: 'simulated' });
    const b = tick('BTC', 2, { aggTradeId: null, exchangeTs: 1100, source: 'simulated' });
    expect(isNewerTick(b, a)).toBe(true);
    expect(isNewerTick(a, b)).toBe(false);
  });

  it('accepts a tick received long after the one shown, even with an older clock', () => {
    const shown = tick('BTC', 1, {
      aggTradeId: null,
      exchangeTs: 50_000,
      receivedAt: 50_000,
      source: 'simulated',
    });
    const restarted = tick('BTC', 2, {
      aggTradeId: null,
      exchangeTs: 1000,
      receivedAt: 60_000,
      source: 'simulated',
    });
    expect(isNewerTick(restarted, shown)).toBe(true);
  });

  it('lists the ticks after the last one seen', () => {
    const list = [tick('BTC', 1), tick('BTC', 2), tick('BTC', 3)];
    expect(ticksAfter(list, list[0]).map((t) => t.price)).toEqual([2, 3]);
    expect(ticksAfter(list, undefined).map((t) => t.price)).toEqual([1, 2, 3]);
    expect(ticksAfter(list, list[2])).toEqual([]);
  });
});

describe('live candles', () => {
  const m15 = CANDLE_INTERVAL_SECONDS['15m'];
  const start = 1_700_000_100 - (1_700_000_100 % m15);
  const last = { time: start, open: 100, high: 105, low: 99, close: 101, volume: 3 };
  const at = (seconds: number, price: number) => tick('BTC', price, { exchangeTs: seconds * 1000 });

  it('moves the last candle with a tick inside its interval', () => {
    expect(nextCandle(last, at(start + 60, 107), m15)).toEqual({ ...last, high: 107, close: 107 });
    expect(nextCandle(last, at(start + 899, 98), m15)).toEqual({ ...last, low: 98, close: 98 });
  });

  it('opens a new candle when a tick starts the next interval', () => {
    expect(nextCandle(last, at(start + m15 + 5, 102), m15)).toEqual({
      time: start + m15,
      open: 102,
      high: 102,
      low: 102,
      close: 102,
      volume: 0,
    });
  });

  it('ignores a tick from an earlier interval and starts from nothing', () => {
    expect(nextCandle(last, at(start - 1, 50), m15)).toBeNull();
    expect(nextCandle(undefined, at(start + 10, 7), m15)?.time).toBe(start);
  });
});
