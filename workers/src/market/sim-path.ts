import {
  CANDLE_INTERVAL_SECONDS,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  ORDER_BOOK_LEVELS,
  type OrderBook,
  type Stats24h,
} from '@app/shared';
import { createRng, keyedRng, type RngKey, rngKey } from './rng.ts';

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

/** `value` on the coin's price step, without binary noise (0.1 + 0.2 stays 0.3). */
export function roundToStep(value: number, step: number): number {
  const digits = Math.max(0, Math.min(8, Math.ceil(-Math.log10(step) - 1e-9)));
  return Number((Math.round(value / step) * step).toFixed(digits));
}

/** One step of the path, the time between two simulated ticks: the finest time it knows. */
export const SIM_STEP_MS = 250;

const DAY_MS = 86_400_000;

/** Each level's span, from a UTC day down to one step; every span divides the one above. */
const SPANS_MS: readonly number[] = [
  DAY_MS,
  14_400_000,
  3_600_000,
  1_800_000,
  900_000,
  300_000,
  60_000,
  15_000,
  5_000,
  1_000,
  SIM_STEP_MS,
];
const LEVELS = SPANS_MS.length;
const STEP_LEVEL = LEVELS - 1;
const STEPS_PER = SPANS_MS.map((span) => span / SIM_STEP_MS);
const FANOUT = SPANS_MS.map((span, i) => span / (SPANS_MS[i + 1] ?? span));
for (const interval of CANDLE_INTERVALS) {
  // A candle interval must be a level, or its candles would not be whole nodes.
  if (!SPANS_MS.includes(CANDLE_INTERVAL_SECONDS[interval] * 1000)) {
    throw new Error(`candle interval ${interval} is not a level of the simulated path`);
  }
}

const YEAR_MS = 365 * 24 * 3_600_000;
/** Daily pull of the close back to the start price: deviations halve in about two weeks. */
const DAILY_REVERSION = Math.exp(-1 / 20);
/** Terms of the daily sum: what is older weighs less than REVERSION^TERMS (about e^-10). */
const DAILY_TERMS = 200;
/** Keys of the draws besides the splits (which use their level, 0 .. STEP_LEVEL - 1). */
const DRAW = { day: 100, dailyShock: 101, book: 102 } as const;

/** A candle of the path in log prices; `v` is its base-asset volume. */
type Node = { o: number; h: number; l: number; c: number; v: number };

/** Highest point of a Brownian bridge from `a` to `b` with variance `varT`, at quantile `u`. */
function bridgeMax(a: number, b: number, varT: number, u: number): number {
  const c = (-varT * Math.log(u)) / 2;
  return (a + b + Math.sqrt((a - b) ** 2 + 4 * c)) / 2;
}

function bridgeMin(a: number, b: number, varT: number, u: number): number {
  const c = (-varT * Math.log(u)) / 2;
  return (a + b - Math.sqrt((a - b) ** 2 + 4 * c)) / 2;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Candle rules: first open, highest high, lowest low, last close, summed volume. */
function combine(a: Node | undefined, b: Node): Node {
  if (!a) return { ...b };
  return { o: a.o, h: Math.max(a.h, b.h), l: Math.min(a.l, b.l), c: b.c, v: a.v + b.v };
}

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
    return this.splits[level]!.get(index, () => {
      const { o, h, l, c, v } = this.node(level, index);
      const n = FANOUT[level]!;
      const rng = keyedRng(this.key, level, index);
      const unitVar = this.varPerMs * SPANS_MS[level + 1]!;
      const steps = level + 1 === STEP_LEVEL;
      // Where the high and the low are reached, drawn by how likely a walk is to pass through
      // them then; the path is drawn through them, so it nears them as a walk would.
      const end = steps ? n - 1 : n;
      const needHigh = h > Math.max(o, c);
      const needLow = l < Math.min(o, c);
      const at0 = (value: number) => (value === o ? 0 : end);
      const child = (t: number) => Math.min(n - 1, Math.floor(t));
      const inner = steps
        ? Array.from({ length: n - 2 }, (_, i) => i + 1)
        : Array.from({ length: n }, (_, i) => i + 0.5);
      const options: Array<[number, number]> = [];
      for (const th of needHigh ? inner : [at0(h)]) {
        for (const tl of needLow ? inner : [at0(l)]) {
          if (th !== tl) options.push([th, tl]);
          else if (!steps && needHigh && needLow) options.push([th - 0.2, tl + 0.2], [th + 0.2, tl - 0.2]);
        }
      }
      if (options.length === 0) options.push([at0(h), at0(l)]); // a flat candle
      const seg = (dv: number, dt: number) =>
        dt <= 0
          ? dv === 0
            ? 0
            : Number.NEGATIVE_INFINITY
          : -(dv * dv) / (2 * unitVar * dt) - Math.log(dt) / 2;
      const logW = options.map(([th, tl]) =>
        th < tl
          ? seg(h - o, th) + seg(l - h, tl - th) + seg(c - l, end - tl)
          : seg(l - o, tl) + seg(h - l, th - tl) + seg(c - h, end - th),
      );
      const top = Math.max(...logW);
      const weights0 = logW.map((w) => Math.exp(w - top));
      let pick = rng.next() * weights0.reduce((sum, w) => sum + w, 0);
      let chosen = options[options.length - 1]!;
      for (let i = 0; i < options.length; i++) {
        pick -= weights0[i]!;
        if (pick < 0) {
          chosen = options[i]!;
          break;
        }
      }
      const [tHigh, tLow] = chosen;
      const highAt = child(tHigh);
      const lowAt = child(tLow);
      const anchors: Array<[number, number]> = [
        [0, o],
        [end, c],
      ];
      if (needHigh) anchors.push([tHigh, h]);
      if (needLow) anchors.push([tLow, l]);
      anchors.sort((x, y) => x[0] - y[0]);
      // The path at whole times (child boundaries, or steps): a Brownian bridge between anchors.
      const at: number[] = [o];
      let prev: [number, number] = [0, o];
      let next = 1;
      for (let t = 1; t < end; t++) {
        while (anchors[next]![0] < t) prev = anchors[next++]!;
        const [tb, vb] = anchors[next]!;
        if (tb === t) {
          at.push(vb);
          prev = [tb, vb];
          continue;
        }
        const [ta, va] = prev;
        const mean = va + ((vb - va) * (t - ta)) / (tb - ta);
        const sd = Math.sqrt((unitVar * (t - ta) * (tb - t)) / (tb - ta));
        const x = clamp(mean + sd * rng.normal(), l, h);
        at.push(x);
        prev = [t, x];
      }
      at.push(c);
      const weights = Array.from({ length: n }, () => Math.exp(0.5 * rng.normal()));
      const total = weights.reduce((sum, w) => sum + w, 0);
      const volume = (i: number) => (v * weights[i]!) / total;

      if (steps) return at.map((p, i) => ({ o: p, h: p, l: p, c: p, v: volume(i) }));
      return weights.map((_, i) => {
        const co = i === 0 ? o : clamp(at[i]! + this.stepSd * rng.normal(), l, h);
        const cc = at[i + 1]!;
        return {
          o: co,
          h: i === highAt ? h : Math.min(h, bridgeMax(co, cc, unitVar, 1 - rng.next())),
          l: i === lowAt ? l : Math.max(l, bridgeMin(co, cc, unitVar, 1 - rng.next())),
          c: cc,
          v: volume(i),
        };
      });
    });
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
