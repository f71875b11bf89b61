import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  acceptDisclosure,
  archiveTicks,
  createDb,
  type Db,
  type DbClient,
  type EntryTick,
  type PlacedTrade,
  placeTrade,
  post,
  type TradeRow,
  type TradeSettingTerms,
  tradeSettings,
  users,
} from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import {
  type ArchivedThrough,
  type BalanceEvent,
  type ClientToServerEvents,
  dispatchUserEvents,
  eventPacketData,
  QUEUES,
  rooms,
  type ServerToClientEvents,
  settleExpiryJobId,
  settlementJobId,
  type TradePlacedEvent,
  type TradeSettledEvent,
  userEventsChannel,
  workerKeys,
} from '@app/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig, type WorkersConfig } from '../../config.ts';
import { waitFor } from '../../market/testing/harness.ts';
import { createQueue, type TypedQueue } from '../../queues.ts';

/** Polling helper of the market tests, re-exported so the settlement tests have one import. */
export { waitFor };

/**
 * Test and benchmark fixtures for settlement: a database of its own (so a file's ledger checks
 * and trade settings see only its own rows), users funded the way an admin adjustment funds
 * them, trades placed through @app/db's placeTrade, settlement jobs added as the gateway adds
 * them, ticks written as the ingester writes them, and a real Socket.IO server with the Redis
 * adapter (as the gateway runs it) with a client in the users' rooms.
 */

export type IsolatedDb = DbClient & { url: string; drop: () => Promise<void> };

export async function isolatedDatabase(adminUrl: string, max = 10): Promise<IsolatedDb> {
  const database = await createTestDatabase(adminUrl);
  const client = createDb(database.url, { max, applicationName: 'settlement-test' });
  return {
    ...client,
    url: database.url,
    drop: async () => {
      await client.close();
      await database.drop();
    },
  };
}

/** The workers config of an in-process settlement under test: fast reconciler, no market. */
export function settlementConfig(env: Record<string, string>): WorkersConfig {
  return loadConfig({
    LOG_LEVEL: 'info',
    MARKET_ENABLED: 'false',
    SETTLEMENT_CONCURRENCY: '8',
    RECONCILE_EVERY_MS: '1000',
    RECONCILE_GRACE_MS: '1000',
    ...env,
  });
}

const E8 = 100_000_000n;

export const uniq = (tag: string) => `${tag}${randomBytes(4).toString('hex')}`;

export async function createUser(db: Db): Promise<string> {
  const username = uniq('s');
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Settle',
      lastName: 'Test',
      username,
      email: `${username}@example.com`,
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user row');
  // Real-money placement needs the risk disclosure accepted.
  await acceptDisclosure(db, row.id);
  return row.id;
}

/** Real money for a user, as an admin adjustment gives it. */
export async function giveMoney(db: Db, userId: string, paise: bigint): Promise<void> {
  await db.transaction((tx) =>
    post(tx, {
      type: 'admin_adjustment',
      userId,
      account: 'real',
      amount: paise,
      counterparty: 'adjustments',
      remarks: 'test funds',
    }),
  );
}

export async function createSetting(
  db: Db,
  seconds: number,
  payoutPercent: number,
): Promise<TradeSettingTerms> {
  const [row] = await db
    .insert(tradeSettings)
    .values({ time: seconds, unit: 'Seconds', payoutPercent })
    .returning();
  if (!row) throw new Error('no setting row');
  return { id: row.id, time: row.time, unit: row.unit, payoutPercent: row.payoutPercent };
}

let aggId = 1;

/** Archive one tick as the ingester does; returns it as placement takes it. */
export async function writeTick(
  db: Db,
  symbol: string,
  at: number,
  priceE8: bigint,
  source = 'binance',
): Promise<EntryTick> {
  const tick = { symbol, priceE8, aggTradeId: aggId++, exchangeTs: new Date(at), source };
  await archiveTicks(db, [{ ...tick, receivedAt: new Date(at + 2) }]);
  return tick;
}

/** Announce archive progress as the ingester does after a write (settlement waits on it). */
export async function announceArchived(redis: Redis, prefix: string, through: ArchivedThrough) {
  await redis.publish(prefix + workerKeys.ticksArchived(), JSON.stringify(through));
}

export type PlaceOptions = {
  userId: string;
  setting: TradeSettingTerms;
  entry: EntryTick;
  direction?: 'up' | 'down';
  account?: 'real' | 'practice';
  amountPaise?: bigint;
  /** Placement instant (default: the entry tick's time + 100 ms). */
  now?: number;
  /** Oldest entry price accepted (default 5 s). */
  maxTickAgeMs?: number;
};

export async function place(db: Db, o: PlaceOptions): Promise<TradeRow> {
  const placed: PlacedTrade = await placeTrade(db, {
    userId: o.userId,
    session: { tokenVersion: 0 }, // a user as created
    account: o.account ?? 'real',
    symbol: o.entry.symbol,
    direction: o.direction ?? 'up',
    amountPaise: o.amountPaise ?? 10_000n,
    setting: o.setting,
    entryTick: o.entry,
    now: new Date(o.now ?? o.entry.exchangeTs.getTime() + 100),
    maxTickAgeMs: o.maxTickAgeMs ?? 5_000,
    idempotencyKey: uniq('k'),
  });
  return placed.trade;
}

/** As the gateway adds settlement jobs (gateway/src/features/trades/trades.settlement.ts). */
export const GATEWAY_SETTLE_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const satisfies JobsOptions;

export function settlementQueue(redis: Redis, prefix: string): TypedQueue<'settlement'> {
  return createQueue(QUEUES.settlement, redis, prefix);
}

/**
 * As the gateway schedules settlement: one delayed `settleExpiry` job per symbol and expiry
 * instant of `trades` (the same job ids, so adding one twice is a no-op), due at the instant.
 */
export function addExpiryJobs(
  queue: TypedQueue<'settlement'>,
  trades: ReadonlyArray<Pick<TradeRow, 'symbol' | 'expiresAt'>>,
  options: JobsOptions = {},
) {
  const instants = new Map<string, { symbol: string; expiresAt: number }>();
  for (const t of trades) {
    const expiresAt = t.expiresAt.getTime();
    instants.set(settleExpiryJobId(t.symbol, expiresAt), { symbol: t.symbol, expiresAt });
  }
  return queue.addBulk(
    [...instants].map(([jobId, data]) => ({
      name: 'settleExpiry' as const,
      data,
      opts: {
        ...GATEWAY_SETTLE_JOB_OPTIONS,
        jobId,
        delay: Math.max(0, data.expiresAt - Date.now()),
        ...options,
      },
    })),
  );
}

/** The delayed settle job of one trade (jobs added before expiry jobs existed), due at its expiry. */
export function addSettleJob(
  queue: TypedQueue<'settlement'>,
  trade: Pick<TradeRow, 'id' | 'expiresAt'>,
  options: JobsOptions = {},
) {
  return queue.add(
    'settle',
    { tradeId: trade.id },
    {
      ...GATEWAY_SETTLE_JOB_OPTIONS,
      jobId: settlementJobId(trade.id),
      delay: Math.max(0, trade.expiresAt.getTime() - Date.now()),
      ...options,
    },
  );
}

/** Ledger entries of each trade by type: exactly one stake, at most one closing credit. */
export async function entriesByTrade(
  sql: DbClient['sql'],
  tradeIds: readonly string[],
): Promise<Map<string, { stake: number; close: number; closeAmount: bigint }>> {
  const rows = await sql<Array<{ reference: string; type: string; n: number; amount: string }>>`
    select e.reference, e.type, count(distinct e.id)::int as n,
           coalesce(sum(p.amount) filter (where a.user_id is not null), 0)::text as amount
    from journal_entries e
    join postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id
    where e.reference = any(${sql.array([...tradeIds])})
    group by e.reference, e.type`;
  const out = new Map<string, { stake: number; close: number; closeAmount: bigint }>();
  for (const id of tradeIds) out.set(id, { stake: 0, close: 0, closeAmount: 0n });
  for (const r of rows) {
    const entry = out.get(r.reference);
    if (!entry) continue;
    if (r.type === 'trade_stake') entry.stake += r.n;
    else if (r.type === 'trade_payout' || r.type === 'trade_refund') {
      entry.close += r.n;
      entry.closeAmount += BigInt(r.amount);
    }
  }
  return out;
}

/**
 * Waits until `sockets`' client has every event that the one settlement process consuming `queue`
 * published so far: settles one more trade of `owner` (a symbol of its own, its expiry passed and
 * the tick after it archived) through a settleExpiry job, and waits for its `trade:settled`. A
 * process publishes its events in order on one connection, and Redis and Socket.IO keep that
 * order, so nothing it sent before (a duplicate) can arrive after. `owner` must be in the
 * client's rooms, and `setting` a trade of a few seconds.
 */
export async function settledLast(o: {
  db: Db;
  queue: TypedQueue<'settlement'>;
  sockets: RecordedSockets;
  owner: string;
  setting: TradeSettingTerms;
}): Promise<Arrived<TradeSettledEvent>> {
  const symbol = uniq('L').toUpperCase();
  const entry = await writeTick(o.db, symbol, Date.now() - 5_000, 100n * E8);
  const trade = await place(o.db, { userId: o.owner, setting: o.setting, entry });
  const expiry = trade.expiresAt.getTime();
  await writeTick(o.db, symbol, expiry - 200, 101n * E8);
  await writeTick(o.db, symbol, expiry + 500, 1n);
  await addExpiryJobs(o.queue, [trade]);
  return waitFor(
    `the trade:settled of ${trade.id}`,
    () => o.sockets.settled.find((e) => e.payload.trade.id === trade.id),
    20_000,
  );
}

export async function deletePrefix(redis: Redis, prefix: string): Promise<number> {
  if (!prefix) throw new Error('refusing to delete every key: empty prefix');
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

export type Received<T> = { payload: T; at: number };
/** As `userSockets` records an event: `seq` orders the events of both kinds by arrival. */
export type Arrived<T> = Received<T> & { seq: number };

export type UserSockets = {
  settled: Array<Received<TradeSettledEvent>>;
  balances: Array<Received<BalanceEvent>>;
  close: () => Promise<void>;
};

export type RecordedSockets = {
  settled: Array<Arrived<TradeSettledEvent>>;
  balances: Array<Arrived<BalanceEvent>>;
  /** Not settlement's: a test sends them as a later event to wait for. */
  placed: Array<Arrived<TradePlacedEvent>>;
  close: () => Promise<void>;
};

/**
 * A Socket.IO server as the gateway runs it (the Redis adapter on `${prefix}socket.io`, and the
 * bulk user events of `userEventsChannel()` delivered to its own sockets) and one client that
 * joins the rooms of `userIds`: what it receives is what a browser would.
 */
export async function userSockets(
  redisUrl: string,
  prefix: string,
  userIds: string[],
): Promise<RecordedSockets> {
  const pub = new Redis(redisUrl);
  const sub = new Redis(redisUrl);
  const events = new Redis(redisUrl);
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, {
    adapter: createAdapter(pub, sub, { key: `${prefix}socket.io` }),
  });
  io.on('connection', (socket) => {
    void socket.join(userIds.map((id) => rooms.user(id)));
    socket.emit('feed:status', { source: 'binance', state: 'live', simulated: false, since: Date.now() });
  });
  const channel = userEventsChannel(prefix);
  events.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    // As the gateway's reference delivery does (gateway/src/realtime/room-delivery.ts).
    dispatchUserEvents(message, (room, e) =>
      io.local.to(room).emit(e.event, eventPacketData(e.packet) as never),
    );
  });
  await events.subscribe(channel);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const client: Socket<ServerToClientEvents, ClientToServerEvents> = connect(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
  });
  const settled: Array<Arrived<TradeSettledEvent>> = [];
  const balances: Array<Arrived<BalanceEvent>> = [];
  const placed: Array<Arrived<TradePlacedEvent>> = [];
  let seq = 0;
  client.on('trade:settled', (payload) => settled.push({ payload, at: Date.now(), seq: seq++ }));
  client.on('balance', (payload) => balances.push({ payload, at: Date.now(), seq: seq++ }));
  client.on('trade:placed', (payload) => placed.push({ payload, at: Date.now(), seq: seq++ }));
  // The first server event arrives after the rooms were joined.
  await new Promise<void>((resolve) => client.once('feed:status', () => resolve()));
  // The adapter subscribes without waiting for Redis: a reply on the same connection comes after
  // the subscription's, so from here on nothing published to these rooms is missed.
  await sub.ping();
  return {
    settled,
    balances,
    placed,
    close: async () => {
      client.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all([pub.quit(), sub.quit(), events.quit()]);
    },
  };
}
