/**
 * The JS heap a server process keeps alive, read after each full (mark-compact) collection.
 * Resident memory follows V8's sizing more than the program: the gateway's old generation grows
 * to several times what is alive before it is collected (ADR 0014), and a heap that grew is not
 * all given back. What a full collection leaves is what the program holds, so a leak shows here.
 * Each server logs it (`LIVE_HEAP_LOG`, field `liveHeapBytes`), and runs a full collection when
 * sent `COLLECT_SIGNAL`, so a reading can be had when V8 would not collect for a long while
 * (`pnpm soak` asks every minute; ADR 0025).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const LIVE_HEAP_LOG = 'heap after a full collection';

/** The signal that makes a server run a full collection (and so log its live heap). */
export const COLLECT_SIGNAL = 'SIGUSR2';

/** A `gc` entry: its detail says which kind of collection it was. */
type GcEntry = { detail?: { kind?: number } };

/** V8's own full collection, without starting the process with --expose-gc. */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Calls `onSample` with the heap in use after each full collection, and runs one on
 * `COLLECT_SIGNAL`; the returned function stops both.
 */
export function watchLiveHeap(onSample: (liveHeapBytes: number) => void): () => void {
  const observer = new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      .some((entry) => (entry as GcEntry).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (full) onSample(getHeapStatistics().used_heap_size);
  });
  observer.observe({ entryTypes: ['gc'] });
  const gc = fullCollection();
  const collect = () => gc();
  process.on(COLLECT_SIGNAL, collect);
  return () => {
    observer.disconnect();
    process.off(COLLECT_SIGNAL, collect);
  };
}
