import {
  CANDLE_INTERVAL_SECONDS,
  type Candle,
  type CandleInterval,
  ORDER_BOOK_LEVELS,
  type OrderBook,
  type Stats24h,
} from '@app/shared';
import { keyedRng, type RngKey, rngKey } from './rng.ts';
import {
  combine,
  DAY_MS,
  FANOUT,
  type Node,
  SIM_STEP_MS,
  SPANS_MS,
  STEP_LEVEL,
  STEPS_PER,
} from './sim-levels.ts';
import { roundToStep, type SimParams, simParams } from './sim-params.ts';
import { bridgeMax, bridgeMin, splitNode } from './sim-split.ts';

export { SIM_STEP_MS } from './sim-levels.ts';
export { roundToStep, type SimParams, simParams } from './sim-params.ts';

/**
 * The simulated market of one coin as a function of (seed, coin, time): every price, candle,
 * 24 h figure and book is read from one path, so they agree with each other, and a restarted
 * worker reads the same past. See docs/adr/0015-simulated-market-from-one-path.md.
 *
 * The path is built from the top down. A UTC day's close is a mean-reverting walk of daily
 * steps (so prices stay near the coin's start price for ever); the day's open, high and low are
 * drawn around it; each candle is then split into its children (4 h, 1 h, 30 m, ... 1 s, and
 * the 250 ms steps that are the ticks) so that the children's first open, last close, highest
 * high and lowest low are exactly the parent's. Any candle is so a few splits away from its day,
 * and a coarse candle equals the aggregate of its finer ones and of its ticks.
 *
 * Here: the day's walk, the cached nodes and what is read off them (ticks, candles, 24 h
 * figures, book). The coins' parameters are in sim-params.ts, the levels and the candle rules
 * in sim-levels.ts, the split of a candle into its children in sim-split.ts.
 */

const YEAR_MS = 365 * 24 * 3_600_000;
/** Daily pull of the close back to the start price: deviations halve in about two weeks. */
const DAILY_REVERSION = Math.exp(-1 / 20);
/** Terms of the daily sum: what is older weighs less than REVERSION^TERMS (about e^-10). */
const DAILY_TERMS = 200;
/** Keys of the draws besides the splits (which use their level, 0 .. STEP_LEVEL - 1). */
const DRAW = { day: 100, dailyShock: 101, book: 102 } as const;

/** A small map that forgets its oldest entries: the path is read mostly in time order. */
class Recent<V> {
  private readonly map = new Map<number, V>();
  constructor(private readonly max: number) {}
  get(key: number, make: () => V): V {
    let value = this.map.get(key);
    if (value === undefined) {
      value = make();
      this.map.set(key, value);
      if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as number);
    }
    return value;
  }
}

export class SimPath {
  private readonly key: RngKey;
  private readonly logStart: number;
  private readonly varPerMs: number;
  private readonly stepSd: number;
  private readonly shocks = new Recent<number>(2_048);
  private readonly days = new Recent<Node>(1_024);
  private readonly splits = SPANS_MS.map(() => new Recent<Node[]>(256));

  constructor(
    seed: string,
    readonly symbol: string,
    readonly params: SimParams = simParams(symbol),
  ) {
    this.key = rngKey(seed, symbol, 'path');
    this.logStart = Math.log(params.price);
    this.varPerMs = (params.vol * params.vol) / YEAR_MS;
    this.stepSd = Math.sqrt(this.varPerMs * SIM_STEP_MS);
  }

  /** The step (index of its SIM_STEP_MS bucket since the epoch) a time falls in. */
  static stepAt(ms: number): number {
    return Math.floor(ms / SIM_STEP_MS);
  }

  /** Price on the coin's price step (never below one step) of a log price. */
  private price(x: number): number {
    return Math.max(this.params.tick, roundToStep(Math.exp(x), this.params.tick));
  }

  private shock(day: number): number {
    return this.shocks.get(day, () => keyedRng(this.key, DRAW.dailyShock, day).normal());
  }

  /** The log close of a day: the start price plus a decaying sum of the daily shocks. */
  private dayClose(day: number): number {
    const sd = Math.sqrt(this.varPerMs * DAY_MS);
    let x = 0;
    let weight = 1;
    for (let j = 0; j < DAILY_TERMS; j++) {
      x += weight * sd * this.shock(day - j);
      weight *= DAILY_REVERSION;
    }
    return this.logStart + x;
  }

  private day(day: number): Node {
    return this.days.get(day, () => {
      const rng = keyedRng(this.key, DRAW.day, day);
      const c = this.dayClose(day);
      const o = this.dayClose(day - 1) + this.stepSd * rng.normal();
      const varT = this.varPerMs * DAY_MS;
      const h = bridgeMax(o, c, varT, 1 - rng.next());
      const l = bridgeMin(o, c, varT, 1 - rng.next());
      const v = (this.params.dailyVolume / this.params.price) * Math.exp(0.3 * rng.normal() - 0.045);
      return { o, h, l, c, v };
    });
  }

  /** The children of node `index` at `level`, whose aggregate is exactly that node. */
  private children(level: number, index: number): Node[] {
    return this.splits[level]!.get(index, () =>
      splitNode(
        this.node(level, index),
        FANOUT[level]!,
        {
          unitVar: this.varPerMs * SPANS_MS[level + 1]!,
          stepSd: this.stepSd,
          steps: level + 1 === STEP_LEVEL,
        },
        keyedRng(this.key, level, index),
      ),
    );
  }

  private node(level: number, index: number): Node {
    if (level === 0) return this.day(index);
    const fan = FANOUT[level - 1]!;
    return this.children(level - 1, Math.floor(index / fan))[index % fan]!;
  }

  /** The aggregate of the steps `from` .. `to` (inclusive), whole nodes where it can. */
  private range(from: number, to: number): Node | undefined {
    let out: Node | undefined;
    const visit = (level: number, index: number) => {
      const first = index * STEPS_PER[level]!;
      const last = first + STEPS_PER[level]! - 1;
      if (last < from || first > to) return;
      if (first >= from && last <= to) {
        out = combine(out, this.node(level, index));
        return;
      }
      const fan = FANOUT[level]!;
      for (let i = 0; i < fan; i++) visit(level + 1, index * fan + i);
    };
    const perDay = STEPS_PER[0]!;
    for (let d = Math.floor(from / perDay); d <= Math.floor(to / perDay); d++) visit(0, d);
    return out;
  }

  /** The price of a step: what the tick of that step trades at. */
  priceAt(step: number): number {
    return this.price(this.node(STEP_LEVEL, step).c);
  }

  /** A step's price and the base quantity traded in it. */
  tradeAt(step: number): { price: number; quantity: number } {
    const node = this.node(STEP_LEVEL, step);
    return { price: this.price(node.c), quantity: Number(node.v.toPrecision(6)) };
  }

  private candle(time: number, node: Node): Candle {
    return {
      time,
      open: this.price(node.o),
      high: this.price(node.h),
      low: this.price(node.l),
      close: this.price(node.c),
      volume: Number(node.v.toPrecision(10)),
    };
  }

  /**
   * `count` candles of `interval` ending with the one that holds step `last`, which counts the
   * steps up to `last` only (a candle never shows a price of the future).
   */
  candles(interval: CandleInterval, last: number, count: number): Candle[] {
    const size = CANDLE_INTERVAL_SECONDS[interval];
    const perCandle = (size * 1000) / SIM_STEP_MS;
    const current = Math.floor(last / perCandle);
    const out: Candle[] = [];
    for (let i = current - count + 1; i <= current; i++) {
      const node = this.range(i * perCandle, Math.min(last, (i + 1) * perCandle - 1));
      if (node) out.push(this.candle(i * size, node));
    }
    return out;
  }

  /**
   * 24 h statistics at step `last`: the 24 hourly candles ending with the current one, so the
   * high and low are those of the hourly candles (and of every finer interval over them).
   */
  stats(last: number, ts: number): Stats24h {
    const hour = STEPS_PER[2]!;
    const from = (Math.floor(last / hour) - 23) * hour;
    const day = this.range(from, last)!;
    const step = this.params.tick;
    const open = this.price(day.o);
    const lastPrice = this.price(day.c);
    return {
      symbol: this.symbol,
      open,
      high: this.price(day.h),
      low: this.price(day.l),
      last: lastPrice,
      priceChange: roundToStep(lastPrice - open, step),
      priceChangePercent: Number((((lastPrice - open) / open) * 100).toFixed(3)),
      volume: Number(day.v.toFixed(8)),
      quoteVolume: Number((day.v * lastPrice).toFixed(2)),
      ts,
    };
  }

  /**
   * The book at step `last`: the last trade between the best bid and the best ask, a spread
   * that widens with the last ten seconds' move (and some noise), never under one price step.
   */
  book(last: number, lastUpdateId: number, ts: number): OrderBook {
    const { tick, dailyVolume } = this.params;
    const rng = keyedRng(this.key, DRAW.book, last);
    const now = this.node(STEP_LEVEL, last).c;
    const before = this.node(STEP_LEVEL, last - 10_000 / SIM_STEP_MS).c;
    const price = this.price(now);
    const move = Math.abs(now - before) / Math.sqrt(this.varPerMs * 10_000);
    const spreadBp = 0.4 * (0.5 + 0.5 * move) * Math.exp(0.25 * rng.normal());
    const spread = Math.max(1, Math.round((price * spreadBp * 1e-4) / tick));
    const at = Math.round(price / tick);
    const bid = at - Math.floor(rng.next() * spread);
    const ask = bid + spread;
    // About 0.8 bp between the levels behind the best, never less than one price step.
    const gap = Math.max(1, Math.round((price * 0.00008) / tick));
    const size = () => Number(((dailyVolume / price / 200_000) * Math.exp(rng.normal())).toPrecision(5));
    const asks: Array<[number, number]> = [];
    const bids: Array<[number, number]> = [];
    for (let i = 0; i < ORDER_BOOK_LEVELS; i++) {
      asks.push([roundToStep((ask + i * gap) * tick, tick), size()]);
      bids.push([roundToStep(Math.max(1, bid - i * gap) * tick, tick), size()]);
    }
    return { symbol: this.symbol, asks, bids, lastUpdateId, ts };
  }
}
