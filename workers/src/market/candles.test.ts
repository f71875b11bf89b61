import { describe, expect, it, vi } from 'vitest';
import { CandleStore, MAX_CANDLES } from './candles.ts';
import { KeyedThrottle } from './throttle.ts';

describe('candles from klines and ticks', () => {
  it('moves the current candle, opens the next, and ignores trades older than the current one', () => {
    const store = new CandleStore(0);
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
    store.merge('BTC', '1m', [{ time: t0 / 1000, open: 10, high: 11, low: 9, close: 10.5, volume: 3 }]);
    store.applyTrade('BTC', 12, 1, t0 + 30_000);
    store.applyTrade('BTC', 8, 1, t0 + 45_000);
    store.applyTrade('BTC', 9.5, 2, t0 + 61_000);
    store.applyTrade('BTC', 100, 1, t0 + 59_000); // late: the klines hold it
    expect(store.candles('BTC', '1m')).toEqual([
      { time: t0 / 1000, open: 10, high: 12, low: 8, close: 8, volume: 5 },
      { time: t0 / 1000 + 60, open: 9.5, high: 9.5, low: 9.5, close: 9.5, volume: 2 },
    ]);
    // Within the hour the late trade still counts for the high, but the close stays the latest.
    expect(store.candles('BTC', '1h').at(-1)).toMatchObject({ high: 100, low: 8, close: 9.5, volume: 5 });
  });

  it('keeps the newest 500 and hands each changed series out once', () => {
    const store = new CandleStore(0);
    const many = Array.from({ length: 600 }, (_, i) => ({
      time: i * 60,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 0,
    }));
    store.merge('ETH', '1m', many);
    expect(store.candles('ETH', '1m')).toHaveLength(MAX_CANDLES);
    expect(store.candles('ETH', '1m')[0]?.time).toBe(100 * 60);
    expect(store.takeDue(Date.now()).map((s) => s.interval)).toEqual(['1m']);
    expect(store.takeDue(Date.now())).toEqual([]);
  });
});

describe('keyed throttle', () => {
  it('emits the first value at once and the latest one at the end of the window, per key', () => {
    vi.useFakeTimers();
    try {
      const out: string[] = [];
      const throttle = new KeyedThrottle<number>(50, (key, v) => out.push(`${key}=${v}`));
      for (let i = 1; i <= 20; i++) throttle.push('a', i);
      throttle.push('b', 1);
      expect(out).toEqual(['a=1', 'b=1']);
      vi.advanceTimersByTime(49);
      expect(out).toEqual(['a=1', 'b=1']);
      vi.advanceTimersByTime(71);
      expect(out).toEqual(['a=1', 'b=1', 'a=20']);
      throttle.clear();
    } finally {
      vi.useRealTimers();
    }
  });
});
