/**
 * Node flags of the server processes, given by every launcher (`pnpm start`, the packages'
 * `start` scripts, docker-compose, the tests' and benchmarks' processes).
 *
 * `--heap-growing-percent=300` (both): after a full garbage collection, V8 lets the old
 * generation grow to 4 times what survived before the next one, instead of a factor it picks
 * from its own speed estimates (1.2-1.8 in these processes). A settlement burst promotes
 * a few MiB to the old generation, which was enough for a full mark-compact inside the burst:
 * with `--trace-gc` in `pnpm bench settlement`, in 2 of 6 bursts in the workers and 1 of 6 in
 * the gateway (that burst's CPU: workers 80-105 ms against 35-45, gateway 79 against 30-60).
 * With the flag: 1 of 17 bursts in the workers, 0 of 14 in the gateway. The old generation
 * grows to about 4 x its live 30-40 MiB (120-160 MiB) between full collections.
 */
const HEAP_GROWING = '--heap-growing-percent=300';

/**
 * `--max-semi-space-size=64` (MiB; Node 20's default is 16), both processes: a young
 * generation that holds what a burst of work keeps alive for a few milliseconds.
 * - Workers: a settlement batch builds its 1,000 trade rows, views and event messages at once
 *   and holds them until they are published; with the default the scavenger copied them over
 *   and over (`pnpm bench settlement`, a burst of 1,000 trades: the workers' CPU from expiry to
 *   the last event went from 61-82 ms to 44-55 ms, of which garbage collection had been about
 *   a third).
 * - Gateway: at 1,500 placements/s, requests' short-lived objects outlived two scavenges of a
 *   16 MiB semi-space and were promoted, about 8 KiB per placement, so a full mark-compact ran
 *   every 10 s; the slow placements of `pnpm bench placement` at half load came in clusters
 *   that began with one (and with the load generator's own).
 * Costs up to three semi-spaces of memory (192 MiB) once a burst has grown them.
 */
const YOUNG_GENERATION = '--max-semi-space-size=64';

/** The gateway's flags. */
export const GATEWAY_NODE_ARGS: readonly string[] = [YOUNG_GENERATION, HEAP_GROWING];

/**
 * `--min-semi-space-size=64`, workers only: the young generation stays at its full size.
 * Between bursts V8's memory reducer shrank it, and the next burst then ran a dozen scavenges
 * while its batch was alive, promoting the batch. Measured in `pnpm bench settlement` with
 * `--trace-gc` (3 warm-up and 6 measured bursts): scavenges in a run fell from about 80 to 10,
 * and the old generation stopped growing between full collections (it had grown about
 * 9 MiB per burst, enough for a full mark-compact every sixth burst or so).
 */
const YOUNG_GENERATION_FIXED = '--min-semi-space-size=64';

/**
 * `--expose-gc`, workers only: a settlement burst empties the young generation first, as its
 * query goes out (`makeRoomForBurst` in workers/src/settlement/young-generation.ts). The workers
 * allocate about 45 MB between two scavenges, and in `pnpm bench settlement` one fell inside
 * nearly every burst, with the batch alive: a 17-30 ms pause on two threads. With the flag, none
 * fell inside a burst in 7 (`--trace-gc`), and the burst's own scavenge, with little alive, was
 * 7-18 ms while Postgres ran the batch.
 */
const EXPOSE_GC = '--expose-gc';

/** The workers' flags. */
export const WORKERS_NODE_ARGS: readonly string[] = [
  YOUNG_GENERATION,
  YOUNG_GENERATION_FIXED,
  HEAP_GROWING,
  EXPOSE_GC,
];
