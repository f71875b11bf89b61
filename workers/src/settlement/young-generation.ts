import { getHeapSpaceStatistics } from 'node:v8';

/** V8's collector, on `globalThis` when the process runs with `--expose-gc` (WORKERS_NODE_ARGS). */
type Collect = (options: { type: 'minor' }) => void;

/** Share of the young generation a settlement burst may find in use. */
export const BURST_YOUNG_SHARE = 0.25;

/** Bytes in use in the young generation and its capacity, or undefined where V8 does not say. */
export function youngGeneration(): { used: number; capacity: number } | undefined {
  const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  if (!space) return undefined;
  return { used: space.space_used_size, capacity: space.space_used_size + space.space_available_size };
}

/**
 * Empty the young generation for a settlement burst, if more than `share` of it is in use: run
 * a scavenge now, while what is alive is little (the market's last few ticks), rather than let
 * one start in the middle of the burst, with the batch's rows, views and messages alive.
 *
 * In `pnpm bench settlement` the workers allocate about 45 MB between two scavenges, the
 * market feed most of it, and the scavenge fell inside the burst in nearly every burst: a 17-30 ms
 * pause on two threads, so 40-50 ms more of the workers' CPU in that burst (65-80 ms against
 * 20-25), and the batch promoted to the old generation. A scavenge with little alive is a few
 * milliseconds, and the burst's own allocation (about 11 MB for 1,000 trades) then fits in the
 * free part. Called right after the batch's query is sent, it runs while Postgres works.
 *
 * Returns whether it collected: false without `--expose-gc` (the tests' in-process workers).
 */
export function makeRoomForBurst(
  share = BURST_YOUNG_SHARE,
  collect: Collect | undefined = (globalThis as { gc?: Collect }).gc,
): boolean {
  if (typeof collect !== 'function') return false;
  const young = youngGeneration();
  if (!young || young.used <= young.capacity * share) return false;
  collect({ type: 'minor' });
  return true;
}
