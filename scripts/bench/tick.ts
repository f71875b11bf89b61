import type { Tick } from '@app/shared';

/** A market tick as the benchmark feed sends it: `sentAt` is when the feed had it. */
export type BenchTick = Tick & { sentAt: number; seq: number };

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

/**
 * Latencies counted in buckets rather than kept one by one (10,000 clients x 10 ticks a second
 * is too many to ship between processes): 0.1 ms wide up to 100 ms, 1 ms wide up to 10 s, 100 ms
 * wide up to 2 minutes (an overloaded relay passes 10 s), one bucket above. Percentiles read
 * from it are exact to a bucket's width; the maximum is kept apart.
 */
export class LatencyHistogram {
  static readonly SIZE = 1000 + 9900 + 1100 + 1;
  readonly counts: number[];
  count = 0;
  max = 0;

  constructor(counts?: number[]) {
    this.counts = counts ?? new Array<number>(LatencyHistogram.SIZE).fill(0);
  }

  add(ms: number) {
    const v = Math.max(0, ms);
    const i =
      v < 100
        ? Math.floor(v * 10)
        : v < 10_000
          ? 1000 + Math.floor(v - 100)
          : v < 120_000
            ? 10_900 + Math.floor((v - 10_000) / 100)
            : LatencyHistogram.SIZE - 1;
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.count++;
    if (v > this.max) this.max = v;
  }

  merge(other: { counts: number[]; count: number; max: number }) {
    for (let i = 0; i < LatencyHistogram.SIZE; i++)
      this.counts[i] = (this.counts[i] ?? 0) + (other.counts[i] ?? 0);
    this.count += other.count;
    this.max = Math.max(this.max, other.max);
  }

  /** The upper edge of the bucket holding the p-th percentile (NaN when empty). */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let i = 0; i < LatencyHistogram.SIZE; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank)
        return Math.min(
          this.max,
          i < 1000
            ? (i + 1) / 10
            : i < 10_900
              ? i - 1000 + 101
              : i < 12_000
                ? 10_000 + (i - 10_900 + 1) * 100
                : this.max,
        );
    }
    return this.max;
  }

  toJSON() {
    return { counts: this.counts, count: this.count, max: this.max };
  }
}
