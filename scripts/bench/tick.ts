import type { Tick } from '@app/shared';

/** A market tick as the benchmark feed sends it: `aggTradeId` is the sequence number. */
export type BenchTick = Tick & { aggTradeId: number; sentAt: number };

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();
