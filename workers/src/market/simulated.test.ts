import { describe, expect, it } from 'vitest';
import { CandleStore } from './candles.ts';
import { backfillCandles, RandomWalk, SimulatedFeed, simParams, simulatedBook } from './simulated.ts';
import { waitFor } from './testing/harness.ts';

const prices = (seed: string, symbol: string, n: number) => {
  const walk = new RandomWalk(seed, symbol, simParams(symbol), 250);
  return Array.from({ length: n }, () => walk.step().priceE8);
};

/** The first `n` tick prices per coin of a SimulatedFeed run. */
async function feedPrices(seed: string, symbols: string[], n: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = Object.fromEntries(symbols.map((s) => [s, []]));
  const candles = new CandleStore(1_000);
  const feed = new SimulatedFeed({
    seed,
    tickMs: 20,
    candles,
    sink: {
      trade: ({ tick }) => {
        expect(tick.source).toBe('simulated');
        out[tick.symbol]?.push(tick.priceE8);
      },
      book: () => {},
      stats: () => {},
      candles: (symbol, interval, c) => candles.merge(symbol, interval, c),
      status: () => {},
    },
  });
  feed.start(symbols.map((symbol) => ({ symbol, name: symbol, marketSymbol: `${symbol}USDT` })));
  await waitFor('enough ticks', () => Object.values(out).every((p) => p.length >= n));
  await feed.stop();
  return Object.fromEntries(Object.entries(out).map(([s, p]) => [s, p.slice(0, n)]));
}

describe('simulated feed', () => {
  it('gives the same prices for the same seed and other prices for another seed', () => {
    expect(prices('seed-a', 'BTC', 200)).toEqual(prices('seed-a', 'BTC', 200));
    expect(prices('seed-a', 'BTC', 200)).not.toEqual(prices('seed-b', 'BTC', 200));
    expect(backfillCandles('seed-a', 'ETH', simParams('ETH'), '1h', 3000, 0)).toEqual(
      backfillCandles('seed-a', 'ETH', simParams('ETH'), '1h', 3000, 0),
    );
  });

  it('publishes the same tick prices on every run with the same seed', async () => {
    const first = await feedPrices('run-seed', ['BTC', 'SHIB', 'SOL'], 15);
    expect(await feedPrices('run-seed', ['BTC', 'SHIB', 'SOL'], 15)).toEqual(first);
    expect(await feedPrices('other-seed', ['BTC', 'SHIB', 'SOL'], 15)).not.toEqual(first);
    expect(Number(first.BTC?.[0]) / 1e8).toBeGreaterThan(30_000);
  });

  it('builds books of distinct levels on the price step, even for tiny prices', () => {
    for (const symbol of ['SHIB', 'BTC', 'XRP']) {
      const walk = new RandomWalk('book', symbol, simParams(symbol), 250);
      walk.step();
      const book = simulatedBook(walk, 1, 0);
      const prices = [...book.bids.map(([p]) => p).reverse(), ...book.asks.map(([p]) => p)];
      expect(new Set(prices).size, symbol).toBe(30);
      expect(
        [...prices].sort((a, b) => a - b),
        symbol,
      ).toEqual(prices);
      const step = simParams(symbol).tick;
      expect(prices.every((p) => Math.abs(p / step - Math.round(p / step)) < 1e-6)).toBe(true);
    }
  });

  it('moves like its coin: near the start price, with a realistic spread of returns', () => {
    const walk = new RandomWalk('vol', 'BTC', simParams('BTC'), 250);
    const path = Array.from({ length: 14_400 }, () => Number(walk.step().priceE8) / 1e8); // one hour
    const returns = path.slice(1).map((p, i) => Math.log(p / path[i]!));
    const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
    const annualised = sd * Math.sqrt((365 * 24 * 3600 * 1000) / 250);
    expect(annualised).toBeGreaterThan(0.4);
    expect(annualised).toBeLessThan(0.7);
    expect(Math.abs(path.at(-1)! / simParams('BTC').price - 1)).toBeLessThan(0.05);
    // Prices sit on the coin's price step (0.01 for BTC).
    expect(path.every((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6)).toBe(true);
  });
});
