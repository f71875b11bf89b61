import { CANDLE_INTERVALS, type Candle, type OrderBook, type Stats24h } from '@app/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CandleStore } from './candles.ts';
import { SIM_STEP_MS, SimPath, simParams } from './sim-path.ts';
import { SimulatedFeed } from './simulated.ts';

afterEach(() => {
  vi.useRealTimers();
});

const NOW = Date.UTC(2026, 10, 26, 10, 15, 3, 123);
const STEP = SimPath.stepAt(NOW);

/** Candle rules over a run of candles: first open, highest high, lowest low, last close. */
function aggregate(candles: readonly Candle[]) {
  return {
    open: candles[0]!.open,
    high: Math.max(...candles.map((c) => c.high)),
    low: Math.min(...candles.map((c) => c.low)),
    close: candles.at(-1)!.close,
  };
}

/** Every coarser candle of `coarse` fully covered by `fine` equals the aggregate of those. */
function expectAgree(fine: readonly Candle[], coarse: readonly Candle[], size: number) {
  let compared = 0;
  for (const big of coarse) {
    const inside = fine.filter((c) => c.time >= big.time && c.time < big.time + size);
    if (inside.length === 0 || inside[0]!.time !== big.time) continue;
    expect(aggregate(inside), `candle at ${big.time}`).toEqual({
      open: big.open,
      high: big.high,
      low: big.low,
      close: big.close,
    });
    compared++;
  }
  return compared;
}

function spreadOf(book: OrderBook) {
  return book.asks[0]![0] - book.bids[0]![0];
}

describe('simulated market: one path per coin', () => {
  it('gives 1 m and 1 h candles that agree on open, high, low and close over the same hours', () => {
    for (const symbol of ['BTC', 'SHIB', 'XRP']) {
      const path = new SimPath('agree', symbol);
      const minutes = path.candles('1m', STEP, 500);
      const hours = path.candles('1h', STEP, 500);
      // 500 minutes hold at least 7 whole hours, and the current hour so far.
      expect(expectAgree(minutes, hours, 3600), symbol).toBeGreaterThanOrEqual(8);
      expect(hours.at(-1)!.close).toBe(minutes.at(-1)!.close);
      // And so on up: 1 h into 4 h and 1 d, 5 m into 15 m and 30 m.
      expect(expectAgree(hours, path.candles('4h', STEP, 500), 14_400)).toBeGreaterThan(100);
      expect(expectAgree(hours, path.candles('1d', STEP, 500), 86_400)).toBeGreaterThan(19);
      const fives = path.candles('5m', STEP, 500);
      expect(expectAgree(fives, path.candles('15m', STEP, 500), 900)).toBeGreaterThan(100);
      expect(expectAgree(minutes, fives, 300)).toBeGreaterThan(90);
    }
  });

  it('agrees with the ticks: a candle is the aggregate of the prices of its steps', () => {
    const path = new SimPath('ticks', 'ETH');
    const minute = path.candles('1m', STEP, 3)[0]!;
    const first = (minute.time * 1000) / SIM_STEP_MS;
    const prices = Array.from({ length: 60_000 / SIM_STEP_MS }, (_, i) => path.priceAt(first + i));
    expect(
      aggregate(prices.map((p) => ({ time: 0, open: p, high: p, low: p, close: p, volume: 0 }))),
    ).toEqual({
      open: minute.open,
      high: minute.high,
      low: minute.low,
      close: minute.close,
    });
  });

  it('takes the 24 h high and low from the candles of the window: the 24 hourly ones, and every minute in them', () => {
    const path = new SimPath('stats', 'SOL');
    const stats = path.stats(STEP, NOW);
    const hours = path.candles('1h', STEP, 24);
    expect(stats.high).toBe(Math.max(...hours.map((c) => c.high)));
    expect(stats.low).toBe(Math.min(...hours.map((c) => c.low)));
    expect(stats.open).toBe(hours[0]!.open);
    expect(stats.last).toBe(path.priceAt(STEP));
    const minutes = path.candles('1m', STEP, 24 * 60).filter((c) => c.time >= hours[0]!.time);
    expect(stats.high).toBe(Math.max(...minutes.map((c) => c.high)));
    expect(stats.low).toBe(Math.min(...minutes.map((c) => c.low)));
  });

  it('draws the same history for the same seed and time in a new instance (a restart), another for another seed', () => {
    const first = new SimPath('restart', 'BTC');
    const before = CANDLE_INTERVALS.map((i) => first.candles(i, STEP, 50));
    // A restart an hour later: every candle completed before is the same.
    const later = new SimPath('restart', 'BTC');
    for (const [n, interval] of CANDLE_INTERVALS.entries()) {
      const again = later.candles(interval, STEP + 3600_000 / SIM_STEP_MS, 500);
      const completed = before[n]!.slice(0, -1);
      expect(
        again.filter((c) => completed.some((d) => d.time === c.time)),
        interval,
      ).toEqual(completed);
    }
    expect(later.priceAt(STEP)).toBe(first.priceAt(STEP));
    expect(later.book(STEP, 1, NOW)).toEqual(first.book(STEP, 1, NOW));
    expect(new SimPath('other', 'BTC').candles('1h', STEP, 50)).not.toEqual(before[4]);
  });

  it('quotes a spread that moves with the market and never falls under one price step, around the last price', () => {
    for (const symbol of ['BTC', 'ETH', 'SHIB']) {
      const path = new SimPath('book', symbol);
      const { tick } = simParams(symbol);
      const spreads = new Set<number>();
      for (let s = STEP; s < STEP + 2_000; s += 7) {
        const book = path.book(s, s, NOW);
        const last = path.priceAt(s);
        const spread = spreadOf(book);
        expect(spread, symbol).toBeGreaterThanOrEqual(tick * 0.999);
        expect(book.bids[0]![0]).toBeLessThanOrEqual(last);
        expect(book.asks[0]![0]).toBeGreaterThan(last);
        const levels = [...book.bids.map(([p]) => p).reverse(), ...book.asks.map(([p]) => p)];
        expect(new Set(levels).size).toBe(30);
        expect([...levels].sort((a, b) => a - b)).toEqual(levels);
        expect(levels.every((p) => Math.abs(p / tick - Math.round(p / tick)) < 1e-6)).toBe(true);
        spreads.add(Number(spread.toFixed(8)));
      }
      if (symbol !== 'SHIB') expect(spreads.size, symbol).toBeGreaterThan(10);
    }
  });

  it('moves like its coin: near the start price, with a realistic size of returns, on the price step', () => {
    const path = new SimPath('vol', 'BTC');
    const prices = Array.from({ length: 14_400 }, (_, i) => path.priceAt(STEP + i)); // one hour
    const returns = prices.slice(1).map((p, i) => Math.log(p / prices[i]!));
    const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
    const annualised = sd * Math.sqrt((365 * 24 * 3600 * 1000) / SIM_STEP_MS);
    expect(annualised).toBeGreaterThan(0.3);
    expect(annualised).toBeLessThan(1.2);
    const days = path.candles('1d', STEP, 500).map((c) => c.close / simParams('BTC').price);
    expect(Math.min(...days)).toBeGreaterThan(0.5);
    expect(Math.max(...days)).toBeLessThan(2);
    expect(prices.every((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6)).toBe(true);
  });
});

describe('simulated feed', () => {
  /** A feed on fake timers whose candles go to a CandleStore, as the publisher's do. */
  function run(seed: string, symbols: string[]) {
    vi.useFakeTimers({ now: NOW });
    const store = new CandleStore(0);
    const ticks: Array<{ symbol: string; price: number; ts: number }> = [];
    const stats = new Map<string, Stats24h>();
    const books: OrderBook[] = [];
    const feed = new SimulatedFeed({
      seed,
      tickMs: 100,
      sink: {
        trade: ({ tick, quantity }) => {
          expect(tick).toMatchObject({ source: 'simulated', aggTradeId: null });
          expect(BigInt(tick.priceE8)).toBe(BigInt(Math.round(tick.price * 1e8)));
          ticks.push({ symbol: tick.symbol, price: tick.price, ts: tick.exchangeTs });
          store.applyTrade(tick.symbol, tick.price, quantity, tick.exchangeTs);
        },
        book: (b) => books.push(b),
        stats: (s) => stats.set(s.symbol, s),
        candles: (symbol, interval, candles) => store.merge(symbol, interval, candles),
        status: () => {},
      },
    });
    feed.start(symbols.map((symbol) => ({ symbol, name: symbol, marketSymbol: `${symbol}USDT` })));
    return { feed, store, ticks, stats, books };
  }

  it('publishes every step in order, and its live candles, stats and books stay one market', async () => {
    const { feed, store, ticks, stats, books } = run('feed', ['BTC', 'DOGE']);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await feed.stop();
    const path = new SimPath('feed', 'BTC');
    const btc = ticks.filter((t) => t.symbol === 'BTC');
    expect(btc.length).toBe(5 * 240 + 1);
    expect(btc.every((t, i) => i === 0 || t.ts === btc[i - 1]!.ts + SIM_STEP_MS)).toBe(true);
    expect(btc.every((t) => t.price === path.priceAt(SimPath.stepAt(t.ts)))).toBe(true);
    // The store (backfill, then live ticks) holds what the path says, at every interval.
    const last = SimPath.stepAt(btc.at(-1)!.ts);
    for (const interval of CANDLE_INTERVALS) {
      const live = store.candles('BTC', interval).map(({ volume: _, ...c }) => c);
      const fromPath = path.candles(interval, last, live.length).map(({ volume: _, ...c }) => c);
      expect(live, interval).toEqual(fromPath);
    }
    expectAgree(store.candles('BTC', '1m'), store.candles('BTC', '1h'), 3600);
    const day = store.candles('BTC', '1h').slice(-24);
    expect(stats.get('BTC')?.high).toBe(Math.max(...day.map((c) => c.high)));
    expect(stats.get('BTC')?.low).toBe(Math.min(...day.map((c) => c.low)));
    const spreads = new Set(books.filter((b) => b.symbol === 'BTC').map(spreadOf));
    expect(spreads.size).toBeGreaterThan(5);
  });

  it('publishes the same prices after a restart as the first run did for the same times', async () => {
    const first = run('same', ['ETH']);
    await vi.advanceTimersByTimeAsync(10_000);
    await first.feed.stop();
    vi.useRealTimers();
    const second = run('same', ['ETH']);
    await vi.advanceTimersByTimeAsync(10_000);
    await second.feed.stop();
    expect(second.ticks).toEqual(first.ticks);
    expect(second.store.candles('ETH', '1m')).toEqual(first.store.candles('ETH', '1m'));
  });
});
