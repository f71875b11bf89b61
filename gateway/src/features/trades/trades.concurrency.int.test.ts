import { checkLedgerInvariants, journalEntries, trades } from '@app/db';
import { MSG } from '@app/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/helpers.ts';
import {
  balancesOf,
  buildTradingApp,
  fund,
  newKey,
  placeRequest,
  setTick,
  type TradingApp,
} from '../../test/trade-fixtures.ts';

let t: TradingApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await buildTradingApp('trades-race');
  app = t.app;
  await setTick(t.prefix, 'BTC', 65_000);
});
afterAll(async () => {
  await t.close();
});

const stake = { amount: 20, symbol: 'BTC', direction: 'up', account: 'real' } as const;

describe('placement under concurrency', () => {
  it('accepts exactly the 50 of 200 concurrent placements the balance covers', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 50 * stake.amount);

    // Sample the balance while the requests run, one read after another (each waits for its
    // answer): it must never be seen below zero.
    let running = true;
    const seen: number[] = [];
    const sampler = (async () => {
      while (running) seen.push((await balancesOf(app, user.id)).real);
    })();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeRequest(app, user.token, {
          ...stake,
          direction: i % 2 ? 'up' : 'down',
          settingId: t.settings.s20,
        }),
      ),
    );
    running = false;
    await sampler;

    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(MSG.insufficientBalance);
    }
    for (const r of accepted) expect(r.json().balances.real).toBeGreaterThanOrEqual(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);

    expect(await balancesOf(app, user.id)).toEqual({ real: 0, practice: 100_000 });
    const rows = await app.db.select().from(trades).where(eq(trades.userId, user.id));
    expect(rows).toHaveLength(50);
    expect(new Set(accepted.map((r) => r.json().trade.id))).toEqual(new Set(rows.map((r) => r.id)));
    expect(await checkLedgerInvariants(app.db)).toEqual([]);
  });

  it('places one trade and debits once for the same Idempotency-Key sent 20 times at once', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 1000);
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeRequest(app, user.token, { ...stake, settingId: t.settings.s40 }, key),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(19);
    const ids = new Set(responses.map((r) => r.json().trade.id));
    expect(ids.size).toBe(1);

    const rows = await app.db.select().from(trades).where(eq(trades.userId, user.id));
    expect(rows).toHaveLength(1);
    const stakes = await app.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.type, 'trade_stake'), inArray(journalEntries.reference, [...ids])));
    expect(stakes).toHaveLength(1);
    expect(await balancesOf(app, user.id)).toEqual({ real: 980, practice: 100_000 });
    expect(await checkLedgerInvariants(app.db)).toEqual([]);
  });
});
