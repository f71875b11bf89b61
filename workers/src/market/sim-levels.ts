import { CANDLE_INTERVAL_SECONDS, CANDLE_INTERVALS } from '@app/shared';

/**
 * The levels of the simulated path (sim-path.ts), from a UTC day down to one step, and the
 * candle its nodes are.
 */

/** One step of the path, the time between two simulated ticks: the finest time it knows. */
export const SIM_STEP_MS = 250;

export const DAY_MS = 86_400_000;

/** Each level's span, from a UTC day down to one step; every span divides the one above. */
export const SPANS_MS: readonly number[] = [
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
export const STEP_LEVEL = LEVELS - 1;
export const STEPS_PER = SPANS_MS.map((span) => span / SIM_STEP_MS);
export const FANOUT = SPANS_MS.map((span, i) => span / (SPANS_MS[i + 1] ?? span));
for (const interval of CANDLE_INTERVALS) {
  // A candle interval must be a level, or its candles would not be whole nodes.
  if (!SPANS_MS.includes(CANDLE_INTERVAL_SECONDS[interval] * 1000)) {
    throw new Error(`candle interval ${interval} is not a level of the simulated path`);
  }
}

/** A candle of the path in log prices; `v` is its base-asset volume. */
export type Node = { o: number; h: number; l: number; c: number; v: number };

/** Candle rules: first open, highest high, lowest low, last close, summed volume. */
export function combine(a: Node | undefined, b: Node): Node {
  if (!a) return { ...b };
  return { o: a.o, h: Math.max(a.h, b.h), l: Math.min(a.l, b.l), c: b.c, v: a.v + b.v };
}
