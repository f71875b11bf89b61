import {
  CANDLE_INTERVAL_SECONDS,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  type OrderBook,
  type Tick,
} from '@app/shared';
import type { CandleStore } from './candles.ts';
import { createRng, type Rng } from './rng.ts';
import type { Feed, FeedCoin, FeedSink } from './types.ts';

/**
 * The `simulated` feed, for offline demos: a geometric Brownian motion per coin, seeded so a
 * given SIMULATED_SEED always gives the same prices. Every tick says `source: 'simulated'`.
 */

/** Start price (USDT), annualised volatility, price step, 24 h quote volume (USDT). */
export type SimParams = { price: number; vol: number; tick: number; dailyVolume: number };

const KNOWN: Record<string, SimParams> = {
  BTC: { price: 64_250, vol: 0.55, tick: 0.01, dailyVolume: 1.8e9 },
  ETH: { price: 3_150, vol: 0.7, tick: 0.01, dailyVolume: 9e8 },
  BNB: { price: 585, vol: 0.55, tick: 0.01, dailyVolume: 1.2e8 },
  SOL: { price: 148, vol: 0.9, tick: 0.01, dailyVolume: 4e8 },
  XRP: { price: 0.52, vol: 0.85, tick: 0.0001, dailyVolume: 1.5e8 },
  DOGE: { price: 0.125, vol: 1.0, tick: 0.00001, dailyVolume: 1.6e8 },
  ADA: { price: 0.41, vol: 0.85, tick: 0.0001, dailyVolume: 5e7 },
  AVAX: { price: 27.5, vol: 0.95, tick: 0.01, dailyVolume: 5e7 },
  LINK: { price: 13.8, vol: 0.9, tick: 0.01, dailyVolume: 4e7 },
  TRX: { price: 0.12, vol: 0.55, tick: 0.00001, dailyVolume: 3e7 },
  DOT: { price: 6.2, vol: 0.85, tick: 0.001, dailyVolume: 2.5e7 },
  MATIC: { price: 0.55, vol: 0.9, tick: 0.0001, dailyVolume: 2e7 },
  SHIB: { price: 0.00001785, vol: 1.1, tick: 0.00000001, dailyVolume: 4e7 },
  LTC: { price: 72, vol: 0.75, tick: 0.01, dailyVolume: 3e7 },
  BCH: { price: 380, vol: 0.8, tick: 0.1, dailyVolume: 2.5e7 },
  UNI: { price: 7.4, vol: 0.95, tick: 0.001, dailyVolume: 1.5e7 },
  ICP: { price: 9.1, vol: 1.0, tick: 0.001, dailyVolume: 1e7 },
  FIL: { price: 4.6, vol: 0.95, tick: 0.001, dailyVolume: 1e7 },
  ATOM: { price: 6.8, vol: 0.85, tick: 0.001, dailyVolume: 1e7 },
  ETC: { price: 23.5, vol: 0.8, tick: 0.01, dailyVolume: 1.5e7 },
};

/** Parameters of a coin: the table above, or derived from the symbol for any other coin. */
export function simParams(symbol: string): SimParams {
  const known = KNOWN[symbol.toUpperCase()];
  if (known) return known;
  const rng = createRng('params', symbol.toUpperCase());
  const price = 10 ** (rng.next() * 4 - 1); // 0.1 .. 1000
  return {
    price: Number(price.toPrecision(4)),
    vol: 0.8,
    tick: 10 ** (Math.floor(Math.log10(price)) - 4),
    dailyVolume: 1e7,
  };
}

const YEAR_MS = 365 * 24 * 3_600_000;

function tickE8(tick: number): bigint {
  return BigInt(Math.max(1, Math.round(tick * 1e8)));
}

/** One coin's price path: each `step()` advances `stepMs` of simulated time. */
export class RandomWalk {
  private level: number;
  private readonly sigma: number;
  private readonly rng: Rng;
  private readonly stepE8: bigint;
  private tradeId = 0;
  /** The last price `step()` gave. */
  lastPrice: number;
  /** Noise for books, apart from the walk's own sequence so prices do not depend on book cadence. */
  readonly bookRng: Rng;

  constructor(
    seed: string,
    readonly symbol: string,
    readonly params: SimParams,
    stepMs: number,
    startPrice = params.price,
  ) {
    this.rng = createRng(seed, symbol, 'walk');
    this.bookRng = createRng(seed, symbol, 'book');
    this.level = startPrice;
    this.lastPrice = startPrice;
    this.sigma = params.vol * Math.sqrt(stepMs / YEAR_MS);
    this.stepE8 = tickE8(params.tick);
  }

  /** Next price (exact, on the coin's price step) and the size of the trade behind it. */
  step(): { priceE8: bigint; quantity: number; id: number } {
    const z = this.rng.normal();
    this.level *= Math.exp(-0.5 * this.sigma * this.sigma + this.sigma * z);
    const steps = BigInt(Math.max(1, Math.round((this.level * 1e8) / Number(this.stepE8))));
    // Trade sizes: log-normal around an average trade of the coin's daily volume.
    const notional = (this.params.dailyVolume / 345_600) * Math.exp(0.8 * this.rng.normal() - 0.32);
    const priceE8 = steps * this.stepE8;
    this.lastPrice = Number(priceE8) / 1e8;
    return { priceE8, quantity: Number((notional / this.level).toPrecision(6)), id: ++this.tradeId };
  }
}

/**
 * `count` candles of `interval` ending with the one that holds `nowMs` and closes at `price`:
 * the walk run backwards, so the history joins the live price.
 */
export function backfillCandles(
  seed: string,
  symbol: string,
  params: SimParams,
  interval: CandleInterval,
  price: number,
  nowMs: number,
  count = 500,
): Candle[] {
  const rng = createRng(seed, symbol, 'backfill', interval);
  const size = CANDLE_INTERVAL_SECONDS[interval];
  const sub = 6;
  const sigma = params.vol * Math.sqrt((size * 1000) / sub / YEAR_MS);
  const baseVolume = (params.dailyVolume / params.price) * (size / 86_400);
  const current = Math.floor(nowMs / 1000 / size) * size;
  const out: Candle[] = [];
  let close = price;
  for (let i = 0; i < count; i++) {
    let p = close;
    let high = p;
    let low = p;
    for (let j = 0; j < sub; j++) {
      p *= Math.exp(sigma * rng.normal());
      high = Math.max(high, p);
      low = Math.min(low, p);
    }
    const wick = 1 + Math.abs(rng.normal()) * sigma * 0.5;
    const step = params.tick;
    out.push({
      time: current - i * size,
      open: roundToStep(p, step),
      high: roundToStep(high * wick, step),
      low: roundToStep(low / wick, step),
      close: roundToStep(close, step),
      volume: Number((baseVolume * Math.exp(0.4 * rng.normal())).toPrecision(8)),
    });
    close = p;
  }
  return out.reverse();
}

/** `value` on the coin's price step, without binary noise (0.1 + 0.2 stays 0.3). */
export function roundToStep(value: number, step: number): number {
  const digits = Math.max(0, Math.min(8, Math.ceil(-Math.log10(step) - 1e-9)));
  return Number((Math.round(value / step) * step).toFixed(digits));
}

/** 15 levels a side on whole price steps around the last price, with log-normal sizes. */
export function simulatedBook(walk: RandomWalk, lastUpdateId: number, ts: number): OrderBook {
  const { tick } = walk.params;
  const rng = walk.bookRng;
  const mid = Math.round(walk.lastPrice / tick);
  // About 0.8 bp between levels, never less than one price step.
  const gap = Math.max(1, Math.round((walk.lastPrice * 0.00008) / tick));
  const size = () =>
    Number(((walk.params.dailyVolume / walk.lastPrice / 200_000) * Math.exp(rng.normal())).toPrecision(5));
  const asks: Array<[number, number]> = [];
  const bids: Array<[number, number]> = [];
  for (let i = 0; i < 15; i++) {
    asks.push([roundToStep((mid + 1 + i * gap) * tick, tick), size()]);
    bids.push([roundToStep((mid - 1 - i * gap) * tick, tick), size()]);
  }
  return { symbol: walk.symbol, asks, bids, lastUpdateId, ts };
}

export type SimulatedFeedOptions = {
  seed: string;
  tickMs: number;
  sink: FeedSink;
  /** Stats (24 h) are read from the hourly candles the store keeps. */
  candles: CandleStore;
};

/** Ticks several times a second per coin, a book every other tick, stats every second. */
export class SimulatedFeed implements Feed {
  private readonly walks = new Map<string, RandomWalk>();
  private readonly timers: NodeJS.Timeout[] = [];
  private updateId = 0;
  private coins: FeedCoin[] = [];
  private startPrices = new Map<string, number>();

  constructor(private readonly opts: SimulatedFeedOptions) {}

  /**
   * `startPrices`: the last published price per coin, so a restart or a new leader continues
   * the chart instead of jumping back to the table's price.
   */
  start(coins: FeedCoin[], startPrices = new Map<string, number>()) {
    this.startPrices = startPrices;
    this.opts.sink.status('simulated', 'live');
    this.setCoins(coins);
    let n = 0;
    this.timers.push(
      setInterval(() => {
        n++;
        for (const walk of this.walks.values()) this.tick(walk, n % 2 === 0);
      }, this.opts.tickMs),
    );
    this.timers.push(setInterval(() => this.emitStats(), 1_000));
  }

  setCoins(coins: FeedCoin[]) {
    this.coins = coins;
    const keep = new Set(coins.map((c) => c.symbol));
    for (const symbol of this.walks.keys()) if (!keep.has(symbol)) this.walks.delete(symbol);
    const now = Date.now();
    for (const coin of coins) {
      if (this.walks.has(coin.symbol)) continue;
      const params = simParams(coin.symbol);
      const price = this.startPrices.get(coin.symbol) ?? params.price;
      const walk = new RandomWalk(this.opts.seed, coin.symbol, params, this.opts.tickMs, price);
      this.walks.set(coin.symbol, walk);
      for (const interval of CANDLE_INTERVALS) {
        this.opts.sink.candles(
          coin.symbol,
          interval,
          backfillCandles(this.opts.seed, coin.symbol, params, interval, price, now),
        );
      }
      this.tick(walk, true);
    }
    this.emitStats();
  }

  private tick(walk: RandomWalk, withBook: boolean) {
    const now = Date.now();
    const { priceE8, quantity } = walk.step();
    const tick: Tick = {
      symbol: walk.symbol,
      price: Number(priceE8) / 1e8,
      priceE8: priceE8.toString(),
      aggTradeId: null,
      exchangeTs: now,
      receivedAt: now,
      source: 'simulated',
    };
    this.opts.sink.trade({ tick, quantity });
    if (withBook) this.opts.sink.book(simulatedBook(walk, ++this.updateId, now));
  }

  private emitStats() {
    const now = Date.now();
    for (const coin of this.coins) {
      const hours = this.opts.candles.candles(coin.symbol, '1h');
      const walk = this.walks.get(coin.symbol);
      if (!walk || hours.length === 0) continue;
      const day = hours.slice(-24);
      const last = walk.lastPrice;
      const step = walk.params.tick;
      const open = day[0]?.open ?? last;
      const volume = day.reduce((sum, c) => sum + c.volume, 0);
      this.opts.sink.stats({
        symbol: coin.symbol,
        open,
        high: Math.max(...day.map((c) => c.high), last),
        low: Math.min(...day.map((c) => c.low), last),
        last,
        priceChange: roundToStep(last - open, step),
        priceChangePercent: Number((((last - open) / open) * 100).toFixed(3)),
        volume: Number(volume.toFixed(8)),
        quoteVolume: Number((volume * last).toFixed(2)),
        ts: now,
      });
    }
  }

  async stop() {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
  }
}
