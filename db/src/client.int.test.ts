import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';

const POOL = 4;
const client = createDb(inject('databaseUrl'), { max: POOL });
afterAll(() => client.close());

/**
 * Array elements `indexOf` looks at while `work` runs: postgres.js finds a connection in its
 * pool queues with `indexOf`, so this counts the pool's bookkeeping per query, not its time.
 */
async function elementsScanned(work: () => Promise<void>): Promise<number> {
  const original = Array.prototype.indexOf;
  let scanned = 0;
  Array.prototype.indexOf = function (this: unknown[], ...args: Parameters<typeof original>) {
    scanned += Math.max(0, this.length - (args[1] ?? 0));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    Array.prototype.indexOf = original;
  }
  return scanned;
}

/** `pairs` times two queries at once: the pool is used but never fully busy. */
async function lightLoad(pairs: number): Promise<void> {
  for (let i = 0; i < pairs; i++) await Promise.all([client.sql`select 1`, client.sql`select 2`]);
}

describe('database pool (postgres.js, patches/postgres@3.4.9.patch)', () => {
  it('does the same bookkeeping per query however many queries it has run, when never fully busy', async () => {
    // Open every connection of the pool, then keep it below full use: the case of a gateway at
    // ordinary load. Unpatched, each query left one spent slot in the pool's queue of open
    // connections and scanned all of them, so the work per query grew with every query run.
    await Promise.all(Array.from({ length: POOL }, () => client.sql`select pg_sleep(0.05)`));

    const early = await elementsScanned(() => lightLoad(500));
    await lightLoad(2_000);
    const late = await elementsScanned(() => lightLoad(500));

    const perQuery = (scanned: number) => scanned / 1_000;
    expect(perQuery(late)).toBeLessThan(100);
    expect(perQuery(late)).toBeLessThan(perQuery(early) * 2 + 10);
    // The queries still answer, in order, on a pool that has run all of them.
    const rows = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => client.sql`select ${n}::int as n`));
    expect(rows.map(([row]) => row?.n)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
