import { randomBytes, randomUUID } from 'node:crypto';
import type { Balances, TradeRow } from '@app/db';
import { encodeUserEvents, toBalancesView, toTradeView, userEventsChannel } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { captureLogger } from '../market/testing/harness.ts';
import { SettlementNotifier } from './notifier.ts';
import { deletePrefix, type RecordedSockets, userSockets, waitFor } from './testing/fixtures.ts';

const redisUrl = inject('redisUrl');
const prefix = `${inject('redisPrefix')}notifier-${randomBytes(3).toString('hex')}:`;
const redis = new Redis(redisUrl);
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await deletePrefix(redis, prefix);
  await redis.quit();
});

/** A settled trade as settle_expiry returns it (only what the events carry matters here). */
function settledTrade(userId: string, i: number): TradeRow {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 999));
  return {
    id: randomUUID(),
    userId,
    account: 'real',
    symbol: 'BTC',
    direction: 'up',
    amount: 10_000n,
    settingId: null,
    durationSeconds: 20,
    payoutPercent: 40,
    status: i % 2 ? 'lost' : 'won',
    entryPriceE8: 100n * 100_000_000n,
    entryAggTradeId: 1,
    entryExchangeTs: new Date(at.getTime() - 20_000),
    entrySource: 'binance',
    entrySecond: new Date(at.getTime() - 20_999),
    expiresAt: at,
    exitPriceE8: (i % 2 ? 99n : 101n) * 100_000_000n,
    exitAggTradeId: 2,
    exitExchangeTs: new Date(at.getTime() - 100),
    exitSource: 'binance',
    exitSecond: new Date(at.getTime() - 999),
    staleAfterMs: 10_000,
    payout: i % 2 ? 0n : 14_000n,
    profit: i % 2 ? -10_000n : 4_000n,
    settledAt: new Date(at.getTime() + 50),
    voidReason: null,
    cancelReason: null,
    cancelledBy: null,
    idempotencyKey: null,
    createdAt: new Date(at.getTime() - 20_000),
  };
}

/**
 * A notifier on a connected Redis, as the workers' is long before their first settlement
 * (ioredis can reorder commands issued while it is still connecting).
 */
async function connectedNotifier(): Promise<{ notifier: SettlementNotifier; connection: Redis }> {
  const connection = new Redis(redisUrl);
  await connection.ping();
  const notifier = new SettlementNotifier(connection, prefix, captureLogger('info').logger);
  cleanups.push(() => notifier.close());
  return { notifier, connection };
}

/**
 * Waits until each owner's client has had every event published on `connection` so far: a
 * `trade:placed` to each, published after them on the same connection, arrives after them.
 */
async function deliveredAll(connection: Redis, owners: ReadonlyArray<readonly [string, RecordedSockets]>) {
  const marks = owners.map(([owner]) => settledTrade(owner, 0));
  await connection.publish(
    userEventsChannel(prefix),
    encodeUserEvents(
      marks.map((t) => ({ userId: t.userId, event: 'trade:placed', data: { trade: toTradeView(t) } })),
    ),
  );
  await waitFor('the later trade:placed', () =>
    owners.every(([, to], i) => to.placed.some((e) => e.payload.trade.id === marks[i]?.id)),
  );
}

async function socketsOf(userId: string): Promise<RecordedSockets> {
  const sockets = await userSockets(redisUrl, prefix, [userId]);
  cleanups.push(() => sockets.close());
  return sockets;
}

describe('SettlementNotifier.settledMany', () => {
  it('sends trade:settled for every trade and one balance per owner, with the balances after the batch', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const [toA, toB] = await Promise.all([socketsOf(a), socketsOf(b)]);
    const { notifier, connection } = await connectedNotifier();
    const balances = new Map<string, Balances>([
      [a, { real: 123_456n, practice: 10_000_000n }],
      [b, { real: 7n, practice: 9_990_000n }],
    ]);
    // Owners interleaved, as a batch in account order never is, and small slices: every path.
    const trades = [a, b, a, a, b].map((owner, i) => settledTrade(owner, i));
    await notifier.settledMany(trades, balances, 2);

    await waitFor('both owners’ events', () => toA.balances.length >= 1 && toB.balances.length >= 1, 5_000);
    await deliveredAll(connection, [
      [a, toA],
      [b, toB],
    ]);
    for (const [owner, to] of [
      [a, toA],
      [b, toB],
    ] as const) {
      const mine = trades.filter((t) => t.userId === owner);
      const view = toBalancesView(balances.get(owner) as Balances);
      expect(to.settled.map((e) => e.payload.trade.id)).toEqual(mine.map((t) => t.id));
      for (const e of to.settled) expect(e.payload.balances).toEqual(view);
      expect(to.balances.map((e) => e.payload)).toEqual([{ ...view, reason: 'trade_settled' }]);
      // After the owner's trades, so a client applying the latest event ends on the batch's balances.
      expect(to.balances[0]?.at).toBeGreaterThanOrEqual(to.settled.at(-1)?.at ?? Number.POSITIVE_INFINITY);
      expect(to.balances[0]?.seq).toBeGreaterThan(to.settled.at(-1)?.seq ?? Number.POSITIVE_INFINITY);
    }
  });

  it('refuses a batch with an owner whose balances were not read, before sending anything', async () => {
    const a = randomUUID();
    const toA = await socketsOf(a);
    const { notifier, connection } = await connectedNotifier();
    const other = randomUUID();
    await expect(
      notifier.settledMany(
        [settledTrade(a, 0), settledTrade(other, 1)],
        new Map([[a, { real: 1n, practice: 2n }]]),
      ),
    ).rejects.toThrow(`no balances of user ${other}`);
    await deliveredAll(connection, [[a, toA]]);
    expect(toA.settled).toEqual([]);
    expect(toA.balances).toEqual([]);
  });
});
