import { CANDLE_INTERVALS, type Tick } from '@app/shared';
import { MAX_CANDLES } from './candles.ts';
import { SIM_STEP_MS, SimPath } from './sim-path.ts';
import type { Feed, FeedCoin, FeedSink } from './types.ts';

/**
 * The `simulated` feed, for offline demos: it reads each coin's SimPath as the clock moves, so
 * its ticks, candles, 24 h statistics and books all come from one seeded history (the same for a
 * given SIMULATED_SEED and time, on every run). Every tick says `source: 'simulated'`.
 */

export type SimulatedFeedOptions = {
  seed: string;
  /** How often the clock is read: every step passed since is published, in order. */
  tickMs: number;
  sink: FeedSink;
  now?: () => number;
};

/** After a longer stall the steps missed are skipped rather than published in one burst. */
const MAX_CATCH_UP_STEPS = (60 * 1000) / SIM_STEP_MS;

export class SimulatedFeed implements Feed {
  private readonly paths = new Map<string, { path: SimPath; published: number }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private updateId = 0;
  private readonly now: () => number;

  constructor(private readonly opts: SimulatedFeedOptions) {
    this.now = opts.now ?? Date.now;
  }

  start(coins: FeedCoin[]) {
    this.opts.sink.status('simulated', 'live');
    this.setCoins(coins);
    this.timers.push(setInterval(() => this.advance(), this.opts.tickMs));
    this.timers.push(setInterval(() => this.emitStats(), 1_000));
  }

  /** A new coin gets its history (every interval, up to the step before now), then its price. */
  setCoins(coins: FeedCoin[]) {
    const keep = new Set(coins.map((c) => c.symbol));
    for (const symbol of this.paths.keys()) if (!keep.has(symbol)) this.paths.delete(symbol);
    const now = this.now();
    const step = SimPath.stepAt(now);
    for (const coin of coins) {
      if (this.paths.has(coin.symbol)) continue;
      const path = new SimPath(this.opts.seed, coin.symbol);
      for (const interval of CANDLE_INTERVALS) {
        this.opts.sink.candles(coin.symbol, interval, path.candles(interval, step - 1, MAX_CANDLES));
      }
      const entry = { path, published: step - 1 };
      this.paths.set(coin.symbol, entry);
      this.publish(entry, step, now);
    }
    this.emitStats();
  }

  /** Publish every step each coin has passed since its last one, then its book. */
  private advance() {
    const now = this.now();
    const step = SimPath.stepAt(now);
    for (const entry of this.paths.values()) {
      if (step <= entry.published) continue;
      this.publish(entry, step, now);
    }
  }

  private publish(entry: { path: SimPath; published: number }, upTo: number, now: number) {
    const { path } = entry;
    for (let s = Math.max(entry.published + 1, upTo - MAX_CATCH_UP_STEPS + 1); s <= upTo; s++) {
      const { price, quantity } = path.tradeAt(s);
      const priceE8 = BigInt(Math.round(price * 1e8));
      const tick: Tick = {
        symbol: path.symbol,
        price: Number(priceE8) / 1e8,
        priceE8: priceE8.toString(),
        aggTradeId: null,
        exchangeTs: s * SIM_STEP_MS,
        receivedAt: now,
        source: 'simulated',
      };
      this.opts.sink.trade({ tick, quantity });
    }
    entry.published = upTo;
    this.opts.sink.book(path.book(upTo, ++this.updateId, now));
  }

  private emitStats() {
    const now = this.now();
    for (const { path, published } of this.paths.values()) {
      this.opts.sink.stats(path.stats(published, now));
    }
  }

  async stop() {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
  }
}
