import { randomBytes } from 'node:crypto';
import { checkLedgerInvariants, type EntryTick, getBalances, recomputeOutcome, type TradeRow } from '@app/db';
import { type FeedStatus, marketKeys, type Tick, toBalancesView } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMarketService, type MarketService } from '../market/index.ts';
import { type FakeBinance, startFakeBinance } from '../market/testing/fake-binance.ts';
import { captureLogger, type LogLine, readJson, testConfig, testSymbol } from '../market/testing/harness.ts';
import { type RunningSettlement, startSettlement } from './index.ts';
import {
  addExpiryJobs,
  createSetting,
  createUser,
  deletePrefix,
  entriesByTrade,
  giveMoney,
  type IsolatedDb,
  isolatedDatabase,
  place,
  settlementConfig,
  settlementQueue,
  type UserSockets,
  userSockets,
  waitFor,
} from './testing/fixtures.ts';

/**
 * The whole path a price takes to decide a trade: a local server speaking Binance's protocol →
 * the real ingester (Redis + the Postgres tick archive) → the settleExpiry jobs → `trade:settled` on
 * a real Socket.IO client of a server with the Redis adapter, as the gateway runs it.
 */
const redisUrl = inject('redisUrl');
const prefix = `${inject('redisPrefix')}outcomes-${randomBytes(3).toString('hex')}:`;
const redis = new Redis(redisUrl);
const STALE_MS = 1_500;

const A = testSymbol('OA'); // win and loss
const B = testSymbol('OB'); // draw
const C = testSymbol('OC'); // the feed goes quiet: void
const market = (s: string) => `${s}USDT`;

let database: IsolatedDb;
let fake: FakeBinance;
let service: MarketService;
let settlement: RunningSettlement;
let sockets: UserSockets;
let userId: string;
let lines: LogLine[];
const logs = () => lines.map((l) => JSON.stringify(l)).join('\n');

beforeAll(async () => {
  database = await isolatedDatabase(inject('adminDatabaseUrl'));
  userId = await createUser(database.db);
  await giveMoney(database.db, userId, 1_000_000n);
  fake = await startFakeBinance({ symbols: [A, B, C].map(market) });
  const captured = captureLogger('info');
  lines = captured.lines;
  service = createMarketService({
    config: testConfig({
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DATABASE_URL: database.url,
      BINANCE_WS_URL: fake.wsUrl,
      BINANCE_REST_URL: fake.restUrl,
      MARKET_SYMBOLS: [A, B, C].join(','),
      // Batches rarely: what settles trades promptly is the write when a second completes.
      MARKET_ARCHIVE_EVERY_MS: '5000',
    }),
    logger: captured.logger,
    db: database.db,
    workerId: 'outcomes-test:1',
  });
  service.start();
  await waitFor(
    'the live feed',
    async () => (await readJson<FeedStatus>(redis, prefix + marketKeys.feed()))?.state === 'live',
    10_000,
    logs,
  );
  sockets = await userSockets(redisUrl, prefix, [userId]);
  settlement = await startSettlement({
    config: settlementConfig({
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DATABASE_URL: database.url,
      TRADE_STALE_AFTER_MS: String(STALE_MS),
      RECONCILE_GRACE_MS: '3600000',
    }),
    logger: captured.logger,
    workerId: 'outcomes-test:2',
  });
});

afterAll(async () => {
  await settlement?.stop();
  await sockets?.close();
  await service?.stop();
  await fake?.close();
  await deletePrefix(redis, prefix);
  await redis.quit();
  await database?.drop();
});

/** Push a trade on the fake exchange and wait until the ingester has it as the latest price. */
async function trade(symbol: string, price: string, time?: number): Promise<Tick> {
  const sent = fake.pushTrade(market(symbol), { price, time });
  return waitFor(`the ${symbol} tick at ${price}`, async () => {
    const tick = await readJson<Tick>(redis, prefix + marketKeys.price(symbol));
    return tick?.aggTradeId === sent.a ? tick : undefined;
  });
}

const entryOf = (tick: Tick): EntryTick => ({
  symbol: tick.symbol,
  priceE8: BigInt(tick.priceE8),
  aggTradeId: tick.aggTradeId,
  exchangeTs: new Date(tick.exchangeTs),
  source: tick.source,
});

/**
 * Until the clock has passed `at`: the fake exchange stamps a trade with the time it is sent, so
 * the trades pushed next are after that instant.
 */
const until = (at: number) => waitFor(`the clock past ${at}`, () => Date.now() > at, 5_000);

describe('settlement against the market feed', () => {
  it('decides win, loss, draw and a stale-feed void from the archived ticks, and tells the owner', async () => {
    const oneSecond = await createSetting(database.db, 1, 40);
    const twoSeconds = await createSetting(database.db, 2, 40);
    const [a, b, c] = await Promise.all([
      trade(A, '100.00000000'),
      trade(B, '2.50000000'),
      trade(C, '7.00000000'),
    ]);
    const now = Date.now();
    const placed = {
      win: await place(database.db, { userId, setting: oneSecond, entry: entryOf(a), direction: 'up', now }),
      loss: await place(database.db, {
        userId,
        setting: oneSecond,
        entry: entryOf(a),
        direction: 'down',
        now,
      }),
      draw: await place(database.db, {
        userId,
        setting: oneSecond,
        entry: entryOf(b),
        direction: 'up',
        account: 'practice',
        now,
      }),
      void: await place(database.db, {
        userId,
        setting: twoSeconds,
        entry: entryOf(c),
        direction: 'up',
        now,
      }),
    };
    const all: TradeRow[] = Object.values(placed);
    const queue = settlementQueue(redis, prefix);
    try {
      // As the gateway schedules them: one job per symbol and expiry instant.
      expect(await addExpiryJobs(queue, all)).toHaveLength(3);
    } finally {
      await queue.close();
    }
    const expiry = placed.win.expiresAt.getTime();
    expect(placed.void.expiresAt.getTime()).toBe(expiry + 1_000);

    // Shortly before expiry (exchange time): A moves up, B trades at its entry price again; C stays silent.
    const exitA = await trade(A, '101.00000000', expiry - 300);
    const exitB = await trade(B, '2.50000000', expiry - 250);
    // After expiry: later prices that must not count.
    await until(expiry + 30);
    await Promise.all([trade(A, '90.00000000'), trade(B, '3.00000000')]);
    await until(expiry + 1_030);
    await trade(C, '9.00000000');

    await waitFor('four trade:settled events', () => sockets.settled.length >= 4, 10_000, logs);
    const event = (t: TradeRow) => {
      const found = sockets.settled.find((e) => e.payload.trade.id === t.id);
      if (!found) throw new Error(`no event for ${t.id}`);
      return found;
    };
    expect(event(placed.win).payload.trade).toMatchObject({
      status: 'won',
      result: 'Win',
      payout: 140,
      profit: 40,
      entry: { price: 100, aggTradeId: a.aggTradeId, source: 'binance' },
      exit: {
        price: 101,
        aggTradeId: exitA.aggTradeId,
        exchangeTs: new Date(exitA.exchangeTs).toISOString(),
      },
    });
    expect(event(placed.loss).payload.trade).toMatchObject({
      status: 'lost',
      result: 'Loss',
      payout: 0,
      profit: -100,
      exit: { price: 101, aggTradeId: exitA.aggTradeId },
    });
    expect(event(placed.draw).payload.trade).toMatchObject({
      account: 'practice',
      status: 'draw',
      result: 'Draw',
      payout: 100,
      profit: 0,
      exit: { price: 2.5, aggTradeId: exitB.aggTradeId },
    });
    expect(event(placed.void).payload.trade).toMatchObject({
      status: 'void',
      result: null,
      payout: 100,
      profit: 0,
      exit: { price: 7, aggTradeId: c.aggTradeId },
    });
    expect(event(placed.void).payload.trade.reason).toMatch(/^No fresh market price at expiry/);

    // Settled as soon as the archive held the tick after expiry, not by the reconciler.
    for (const t of [placed.win, placed.loss, placed.draw]) {
      expect(event(t).at - t.expiresAt.getTime()).toBeLessThan(3_000);
    }
    const last = sockets.settled.at(-1);
    expect(last?.payload.balances).toEqual(toBalancesView(await getBalances(database.db, userId)));
    expect(sockets.balances.at(-1)?.payload).toEqual({ ...last?.payload.balances, reason: 'trade_settled' });

    const entries = await entriesByTrade(
      database.sql,
      all.map((t) => t.id),
    );
    expect(entries.get(placed.win.id)).toEqual({ stake: 1, close: 1, closeAmount: 14_000n });
    expect(entries.get(placed.loss.id)).toEqual({ stake: 1, close: 0, closeAmount: 0n });
    expect(entries.get(placed.draw.id)).toEqual({ stake: 1, close: 1, closeAmount: 10_000n });
    expect(entries.get(placed.void.id)).toEqual({ stake: 1, close: 1, closeAmount: 10_000n });
    for (const t of all) expect((await recomputeOutcome(database.db, t.id)).matches).toBe(true);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });
});
