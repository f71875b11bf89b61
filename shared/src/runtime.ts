/**
 * Node flags of the workers process, given by every launcher (`pnpm start`, the workers'
 * `start` script, docker-compose, the tests' and benchmarks' worker processes).
 *
 * `--max-semi-space-size=64` (MiB; Node 20's default is 16): a settlement batch builds its
 * 1,000 trade rows, views and event messages at once and holds them until they are published,
 * so with the default young generation the scavenger copies them over and over. Measured with
 * `pnpm bench settlement` (a burst of 1,000 trades): the workers' CPU from expiry to the last
 * event went from 61-82 ms to 44-55 ms, of which garbage collection had been about a third.
 * Costs up to three semi-spaces of memory (192 MiB) once a burst has grown them.
 */
export const WORKERS_NODE_ARGS: readonly string[] = ['--max-semi-space-size=64'];
