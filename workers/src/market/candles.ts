import { CANDLE_INTERVAL_SECONDS, CANDLE_INTERVALS, type Candle, type CandleInterval } from '@app/shared';

/** The contract keeps at most this many candles per symbol and interval. */
export const MAX_CANDLES = 500;

/** `lastTs`: time of the latest trade applied, so a late trade never sets the close. */
type Series = { candles: Candle[]; dirty: boolean; flushedAt: number; lastTs: number };

/** How long a changed series may wait before it is written again: longer for longer candles. */
export function flushPeriodMs(interval: CandleInterval, minMs: number): number {
  return Math.max(minMs, Math.min((CANDLE_INTERVAL_SECONDS[interval] * 1000) / 30, 10_000));
}

/**
 * Candles per symbol and interval: exchange klines (or a simulated backfill) merged with the
 * live ticks, which move the current candle or open the next one.
 */
export class CandleStore {
  private readonly series = new Map<string, Series>();

  constructor(private readonly minFlushMs: number) {}

  private get(symbol: string, interval: CandleInterval): Series {
    const key = `${symbol}|${interval}`;
    let s = this.series.get(key);
    if (!s) {
      s = { candles: [], dirty: false, flushedAt: 0, lastTs: 0 };
      this.series.set(key, s);
    }
    return s;
  }

  candles(symbol: string, interval: CandleInterval): readonly Candle[] {
    return this.get(symbol, interval).candles;
  }

  /** Replace candles of the same time, add the others, keep the newest MAX_CANDLES. */
  merge(symbol: string, interval: CandleInterval, incoming: readonly Candle[]) {
    if (incoming.length === 0) return;
    const s = this.get(symbol, interval);
    const byTime = new Map(s.candles.map((c) => [c.time, c]));
    for (const c of incoming) byTime.set(c.time, { ...c });
    s.candles = [...byTime.values()].sort((a, b) => a.time - b.time).slice(-MAX_CANDLES);
    s.dirty = true;
  }

  /** A trade at `tsMs`: update (or open) the candle it falls in, for every interval. */
  applyTrade(symbol: string, price: number, quantity: number, tsMs: number) {
    for (const interval of CANDLE_INTERVALS) {
      const size = CANDLE_INTERVAL_SECONDS[interval];
      const time = Math.floor(tsMs / 1000 / size) * size;
      const s = this.get(symbol, interval);
      const last = s.candles[s.candles.length - 1];
      if (last && last.time === time) {
        last.high = Math.max(last.high, price);
        last.low = Math.min(last.low, price);
        if (tsMs >= s.lastTs) last.close = price;
        last.volume += quantity;
      } else if (!last || time > last.time) {
        s.candles.push({ time, open: price, high: price, low: price, close: price, volume: quantity });
        if (s.candles.length > MAX_CANDLES) s.candles.splice(0, s.candles.length - MAX_CANDLES);
      } else {
        continue; // a trade older than the current candle: the exchange's klines already hold it
      }
      s.lastTs = Math.max(s.lastTs, tsMs);
      s.dirty = true;
    }
  }

  /** Series changed and due for writing; marks them written. */
  takeDue(now: number): Array<{ symbol: string; interval: CandleInterval; candles: Candle[] }> {
    const out: Array<{ symbol: string; interval: CandleInterval; candles: Candle[] }> = [];
    for (const [key, s] of this.series) {
      if (!s.dirty) continue;
      const [symbol, interval] = key.split('|') as [string, CandleInterval];
      if (now - s.flushedAt < flushPeriodMs(interval, this.minFlushMs)) continue;
      s.dirty = false;
      s.flushedAt = now;
      out.push({ symbol, interval, candles: s.candles });
    }
    return out;
  }

  forget(symbol: string) {
    for (const interval of CANDLE_INTERVALS) this.series.delete(`${symbol}|${interval}`);
  }
}
