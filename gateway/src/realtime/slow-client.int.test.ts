import { type FeedStatus, rooms, type ServerToClientEvents, type Stats24hEvent } from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DEFAULT_SOCKET_LIMITS } from '../config.ts';
import { buildTestApp, createUser, type TestUser } from '../test/helpers.ts';
import {
  createMarketDatabase,
  insertCoins,
  makeStats,
  marketPrefix,
  workerRedis,
  writeFeed,
} from '../test/market-fixtures.ts';
import { type RawSocketIo, rawSocketIo } from '../test/raw-socket.ts';
import { type ClientSocket, client, connect, listen, record } from '../test/socket-client.ts';

/**
 * One client that stops reading its TCP socket, next to clients that read: market events are
 * conflated for the slow one only, and its user events all arrive, in order.
 */
const prefix = marketPrefix('slow-client');
const feed: FeedStatus = { source: 'binance', state: 'live', simulated: false, since: 1 };
const LIMIT = 64 * 1024;
/** Large events fill the kernel's buffers between the two ends in a few hundred. */
const PADDING = 'x'.repeat(8 * 1024);
const WAIT = { timeout: 10_000, interval: 5 };

let app: FastifyInstance;
let url: string;
let drop: () => Promise<void>;
let redis: Redis;
let emitterRedis: Redis;
let emitter: Emitter<ServerToClientEvents>;
let alice: TestUser;
const fast: ClientSocket[] = [];
let slow: RawSocketIo | undefined;

beforeAll(async () => {
  const database = await createMarketDatabase();
  drop = database.drop;
  app = await buildTestApp({
    databaseUrl: database.url,
    redisPrefix: prefix,
    socketLimits: { ...DEFAULT_SOCKET_LIMITS, maxConnectionsPerIp: 10_000, marketBufferBytes: LIMIT },
  });
  url = await listen(app);
  await insertCoins(app.db, [{ symbol: 'BTC', name: 'Bitcoin', sortOrder: 1 }]);
  redis = workerRedis(prefix);
  await writeFeed(redis, feed);
  emitterRedis = new Redis(inject('redisUrl'));
  emitter = new Emitter<ServerToClientEvents>(emitterRedis, { key: `${prefix}socket.io` });
  alice = await createUser(app);
  // Market events reach the gateway on its cache bus: nothing published before it listens.
  await vi.waitFor(() => expect(app.cacheBus.live).toBe(true), WAIT);
});

afterAll(async () => {
  slow?.close();
  for (const s of fast) s.disconnect();
  await app?.close();
  redis?.disconnect();
  emitterRedis?.disconnect();
  await drop?.();
});

const stats = (seq: number): Stats24hEvent & { padding: string } => ({
  ...makeStats('BTC', { last: 60_000 + seq, ts: 1_000 + seq }),
  seq,
  padding: PADDING,
});

describe('a client that stops reading', () => {
  it('gets the newest market event when it reads again, with a gap; fast clients get every one; its user events all arrive in order', async () => {
    slow = await rawSocketIo(url, alice.token);
    expect(await slow.emitWithAck('subscribe', { symbol: 'BTC' })).toMatchObject({ ok: true });
    for (let i = 0; i < 2; i++) {
      const s = client(url);
      fast.push(s);
      await connect(s);
      expect(await s.timeout(5_000).emitWithAck('subscribe', { symbol: 'BTC' })).toMatchObject({ ok: true });
    }
    const seenFast = fast.map((s) => record(s, 'market:stats'));

    slow.pause();
    const slowId = slow.id;
    let seq = 0;
    let balances = 0;
    let maxBuffered = 0;
    // Until the gateway has skipped events for the slow client a good while, each one once
    // both fast clients have the one before (they keep up; only the slow one falls behind).
    while (app.marketFanout.stats().skipped < 50) {
      seq++;
      expect(seq).toBeLessThan(5_000);
      emitter.to(rooms.market('BTC')).emit('market:stats', stats(seq));
      if (seq % 10 === 0) {
        balances++;
        app.userEvents.emit({
          userId: alice.id,
          event: 'balance',
          data: { real: balances, practice: 0, reason: 'trade_settled' },
        });
      }
      const want = seq;
      await vi.waitFor(() => {
        for (const seen of seenFast) expect(seen.at(-1)?.seq).toBe(want);
      }, WAIT);
      maxBuffered = Math.max(maxBuffered, app.marketFanout.bufferedBytes(slowId));
    }
    // The gateway wrote no more once the limit was reached: at most one event past it.
    expect(maxBuffered).toBeGreaterThanOrEqual(LIMIT);
    expect(maxBuffered).toBeLessThan(LIMIT + 2 * PADDING.length);
    expect(app.marketFanout.stats().congested).toBe(1);
    // Operators see it in the metrics (read from this machine).
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^socketio_market_congested_sockets 1$/m);
    expect(Number(/^socketio_market_skipped_events (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(50);

    slow.resume();
    const slowStats = () =>
      (slow?.events ?? []).filter(([e]) => e === 'market:stats').map(([, p]) => (p as Stats24hEvent).seq);
    await vi.waitFor(() => expect(slowStats().at(-1)).toBe(seq), WAIT);
    await vi.waitFor(
      () =>
        expect(
          slow?.events.filter(([e]) => e === 'balance').map(([, p]) => (p as { real: number }).real),
        ).toEqual(Array.from({ length: balances }, (_, i) => i + 1)),
      WAIT,
    );

    // Fast clients: every event, in order.
    for (const seen of seenFast)
      expect(seen.map((s) => s.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    // The slow client: in order, the newest last, and it can tell that some were skipped.
    const got = slowStats();
    expect(got).toEqual([...got].sort((a, b) => a - b));
    expect(new Set(got).size).toBe(got.length);
    expect(got.length).toBeLessThan(seq);
    expect(got.some((s, i) => i > 0 && s - (got[i - 1] ?? 0) > 1)).toBe(true);
    expect(app.marketFanout.stats().congested).toBe(0);
    expect(app.marketFanout.bufferedBytes(slowId)).toBe(0);
  });
});
