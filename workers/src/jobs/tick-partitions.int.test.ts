import { createDb } from '@app/db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runTickPartitions } from './tick-partitions.ts';

const client = createDb(inject('databaseUrl'), { max: 2 });
afterAll(() => client.close());

const partitions = async () =>
  (
    await client.sql<Array<{ relname: string }>>`
      select c.relname from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'market_ticks'`
  ).map((r) => r.relname);

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10).replaceAll('-', '');
};

describe('tick partitions job', () => {
  it('creates the coming days and drops days past retention; running it twice changes nothing', async () => {
    // A day long past retention that no other test writes to (the run's database is shared;
    // other files create today's and later days, so this one stays within what the migration made).
    const old = day(-1000);
    const from = new Date(Date.now() - 1000 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 999 * 86_400_000).toISOString().slice(0, 10);
    await client.sql.unsafe(
      `create table if not exists market_ticks_${old} partition of market_ticks
       for values from ('${from} 00:00:00+00') to ('${to} 00:00:00+00')`,
    );
    expect(await partitions()).toContain(`market_ticks_${old}`);
    const first = await runTickPartitions({ db: client.db }, { daysAhead: 2, keepDays: 30 });
    expect(first.dropped).toBeGreaterThanOrEqual(1);
    const names = await partitions();
    expect(names).not.toContain(`market_ticks_${old}`);
    for (let i = 0; i <= 2; i++) expect(names).toContain(`market_ticks_${day(i)}`);
    expect(await runTickPartitions({ db: client.db }, { daysAhead: 2, keepDays: 30 })).toEqual({
      dropped: 0,
      keepDays: 30,
    });
  });
});
