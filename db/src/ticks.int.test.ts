import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { archiveTicks, dropOldTickPartitions, ensureTickPartitions, lastTickAtOrBefore } from './ticks.ts';

const client = createDb(inject('databaseUrl'), { max: 2 });
afterAll(() => client.close());

const sym = `T${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
const base = Date.UTC(2026, 0, 1); // a fixed day in the past: lands in the default partition
const at = (ms: number) => new Date(base + ms);
const tick = (ms: number, priceE8: bigint, aggTradeId: number) => ({
  symbol: sym,
  priceE8,
  aggTradeId,
  exchangeTs: at(ms),
  receivedAt: at(ms + 5),
  source: 'binance',
});

describe('tick archive', () => {
  it('keeps the last tick of each second, whatever order they arrive in', async () => {
    await archiveTicks(client.db, [tick(100, 100n, 1), tick(900, 300n, 3), tick(500, 200n, 2)]);
    await archiveTicks(client.db, [tick(400, 150n, 2)]); // older than the stored one: ignored
    await archiveTicks(client.db, [tick(1200, 400n, 4)]);
    const rows = await client.db.execute<{ price_e8: string; second: Date }>(
      sql`select price_e8::text, second from market_ticks where symbol = ${sym} order by second`,
    );
    expect(rows.map((r) => r.price_e8)).toEqual(['300', '400']);
  });

  it('finds the last tick at or before an instant', async () => {
    expect((await lastTickAtOrBefore(client.db, sym, at(1000)))?.priceE8).toBe(300n);
    expect((await lastTickAtOrBefore(client.db, sym, at(1200)))?.priceE8).toBe(400n);
    expect(await lastTickAtOrBefore(client.db, sym, at(50))).toBeUndefined();
  });

  it('skips simulated ticks when asked for live prices only, and knows when it has passed an instant', async () => {
    await archiveTicks(client.db, [{ ...tick(2_100, 600n, 5), source: 'simulated' }]);
    expect((await lastTickAtOrBefore(client.db, sym, at(2_500)))?.priceE8).toBe(600n);
    expect((await lastTickAtOrBefore(client.db, sym, at(2_500), { liveOnly: true }))?.priceE8).toBe(400n);
    // Settlement's test of the same (db/sql/expiry_price_final.sql), with a bound that never decides.
    const passed = async (instant: Date) => {
      const [row] = await client.db.execute<{ passed: boolean }>(
        sql`select expiry_price_final(${sym}, ${instant.toISOString()}::timestamptz, 1000000, ${at(10_000).toISOString()}::timestamptz) as passed`,
      );
      return row?.passed;
    };
    expect(await passed(at(2_099))).toBe(true);
    expect(await passed(at(2_100))).toBe(false);
  });

  it('creates daily partitions ahead and drops days past retention', async () => {
    await ensureTickPartitions(client.db, 3);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const parts = await client.db.execute<{ relname: string }>(
      sql`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'market_ticks'`,
    );
    const names = parts.map((p) => p.relname);
    expect(names).toContain(`market_ticks_${today}`);
    expect(names.filter((n) => /^market_ticks_\d{8}$/.test(n)).length).toBeGreaterThanOrEqual(4);
    // A tick of today lands in today's partition, not the default one.
    await archiveTicks(client.db, [{ ...tick(0, 500n, 9), exchangeTs: new Date(), receivedAt: new Date() }]);
    const [inToday] = await client.db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from market_ticks_${today} where symbol = '${sym}'`),
    );
    expect(inToday?.n).toBe(1);
    expect(await dropOldTickPartitions(client.db, 3650)).toBe(0);
  });
});
