import { auditLog, journalEntries, settleTrade, trades, users } from '@app/db';
import { bullPrefix, istDay, MSG, QUEUES, settleExpiryJobId, type Trade } from '@app/shared';
import { Queue } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { auth, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';
import { type ClientSocket, connected, listen, next } from '../../test/socket-client.ts';
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
let queue: Queue;
let admin: TestUser;
let url: string;

const body = (over: Record<string, unknown> = {}) => ({
  amount: 100,
  settingId: t.settings.s20,
  symbol: 'BTC',
  direction: 'up',
  account: 'real',
  ...over,
});

async function fundedUser(rupees = 1000): Promise<TestUser> {
  const user = await createUser(app);
  await fund(app, user.id, rupees);
  return user;
}

async function place(user: TestUser, over: Record<string, unknown> = {}): Promise<Trade> {
  const res = await placeRequest(app, user.token, body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().trade;
}

beforeAll(async () => {
  t = await buildTradingApp('trades');
  app = t.app;
  queue = new Queue(QUEUES.settlement, {
    connection: { url: inject('redisUrl') },
    prefix: bullPrefix(t.prefix),
  });
  admin = await createUser(app, { role: 'admin' });
  url = await listen(app);
  await setTick(t.prefix, 'BTC', 65_000.5);
  await setTick(t.prefix, 'ETH', 3_000);
});
// A live feed keeps the latest prices fresh: the file runs longer than TRADE_MAX_PRICE_AGE_MS.
beforeEach(async () => {
  await Promise.all([setTick(t.prefix, 'BTC', 65_000.5), setTick(t.prefix, 'ETH', 3_000)]);
});
afterAll(async () => {
  await queue.close();
  await t.close();
});

describe('POST /api/trades: validation, in the spec’s order and words', () => {
  it.each([
    [{ amount: undefined }, MSG.tradeAmountInvalid],
    [{ amount: 0 }, MSG.tradeAmountInvalid],
    [{ amount: -5 }, MSG.tradeAmountInvalid],
    [{ amount: 'abc' }, MSG.tradeAmountInvalid],
    [{ amount: '' }, MSG.tradeAmountInvalid],
    [{ amount: 10.001 }, MSG.tradeAmountInvalid],
    [{ amount: 1e12 }, MSG.tradeAmountInvalid],
    [{ amount: undefined, settingId: undefined }, MSG.tradeAmountInvalid],
    [{ settingId: undefined }, MSG.selectTradeSetting],
    [{ settingId: 0 }, MSG.selectTradeSetting],
    [{ settingId: 'x' }, MSG.selectTradeSetting],
    [{ direction: 'sideways' }, MSG.invalidInput],
    [{ account: 'bonus' }, MSG.invalidInput],
    [{ symbol: '' }, MSG.invalidInput],
  ])('%o answers 400 %s', async (over, message) => {
    const user = await fundedUser();
    const res = await placeRequest(app, user.token, body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await balancesOf(app, user.id)).toEqual({ real: 1000, practice: 100_000 });
  });

  it('refuses a settingId not plainly written (hex, exponent, sign, leading zero, fraction, padding)', async () => {
    const user = await fundedUser();
    const id = t.settings.s20;
    for (const settingId of [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `+${id}`,
      `0${id}`,
      `${id}.0`,
      ` ${id}`,
      1.5,
    ]) {
      const res = await placeRequest(app, user.token, body({ settingId }));
      expect(res.statusCode, String(settingId)).toBe(400);
      expect(res.json().message).toBe(MSG.selectTradeSetting);
    }
    expect(await balancesOf(app, user.id)).toEqual({ real: 1000, practice: 100_000 });
  });

  it.each([
    ['missing', null],
    ['too short', 'abc'],
    ['with spaces', 'not a valid key at all'],
  ])('needs an Idempotency-Key (%s)', async (_what, key) => {
    const user = await fundedUser();
    const res = await placeRequest(app, user.token, body(), key);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.idempotencyKeyInvalid);
  });

  it('refuses a stake above the available balance', async () => {
    const user = await fundedUser(50);
    const res = await placeRequest(app, user.token, body({ amount: 50.01 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.insufficientBalance);
    expect(await app.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
  });

  it.each([
    ['an unknown coin', { symbol: 'NOPE' }],
    ['a disabled coin', { symbol: 'DOGE' }],
    ['an exchange symbol instead of the coin', { symbol: 'BTCUSDT' }],
  ])('refuses %s', async (_what, over) => {
    const user = await fundedUser();
    const res = await placeRequest(app, user.token, body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.coinNotTradable);
  });

  it('refuses a setting that does not exist', async () => {
    const user = await fundedUser();
    const res = await placeRequest(app, user.token, body({ settingId: 999_999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.tradeSettingUnknown);
  });

  it('needs a token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/trades',
      headers: { 'idempotency-key': newKey() },
      payload: body(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/trades: the session is checked in the placement’s own statement', () => {
  /** A user whose row now refuses their token, with what was placed before. */
  async function refusedUser(change: 'banned' | 'signed out') {
    const user = await fundedUser();
    const key = newKey();
    const earlier = await placeRequest(app, user.token, body(), key);
    expect(earlier.statusCode).toBe(201);
    const set = change === 'banned' ? { bannedAt: new Date() } : { tokenVersion: 1 };
    await app.db.update(users).set(set).where(eq(users.id, user.id));
    const message = change === 'banned' ? MSG.accountBanned : MSG.sessionExpired;
    return { user, key, message };
  }

  async function unchanged(userId: string) {
    expect(await app.db.$count(trades, eq(trades.userId, userId))).toBe(1);
    expect(await balancesOf(app, userId)).toEqual({ real: 900, practice: 100_000 });
  }

  it.each(['banned', 'signed out'] as const)(
    'answers 401 to a %s user on every path, and places nothing',
    async (change) => {
      const { user, key, message } = await refusedUser(change);
      const requests = [
        placeRequest(app, user.token, body()), // the one-statement path
        placeRequest(app, user.token, body({ account: 'practice' })),
        placeRequest(app, user.token, body(), key), // a retry of a placement that went through
        placeRequest(app, user.token, body({ amount: 0 })), // a validation error
        placeRequest(app, user.token, body({ symbol: 'NOPE' })), // a refusal before the database
        placeRequest(app, user.token, body({ amount: 5_000 })), // more than the balance
        placeRequest(app, user.token, body(), null), // no Idempotency-Key
        app.inject({
          method: 'POST',
          url: '/api/trades',
          headers: { ...auth(user.token), 'idempotency-key': newKey(), 'content-type': 'application/json' },
          payload: '{"amount": ', // a body that is not JSON
        }),
      ];
      for (const res of await Promise.all(requests)) {
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().message).toBe(message);
      }
      await unchanged(user.id);
    },
  );

  it('answers 401 when the price is stale too, and places again once allowed', async () => {
    const { user } = await refusedUser('banned');
    await setTick(t.prefix, 'BTC', 65_000.5, {
      receivedAt: Date.now() - 60_000,
      exchangeTs: Date.now() - 60_000,
    });
    const stale = await placeRequest(app, user.token, body());
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(MSG.accountBanned);
    await setTick(t.prefix, 'BTC', 65_000.5);
    await app.db.update(users).set({ bannedAt: null }).where(eq(users.id, user.id));
    const placed = await placeRequest(app, user.token, body({ amount: 50 }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().balances).toEqual({ real: 850, practice: 100_000 });
  });

  it('answers both balances as they are after the stake, the other one included', async () => {
    const user = await fundedUser();
    expect(
      (await placeRequest(app, user.token, body({ account: 'practice', amount: 300 }))).json().balances,
    ).toEqual({
      real: 1000,
      practice: 99_700,
    });
    // Money that arrived since the sign-in shows in the answer of the next placement.
    await fund(app, user.id, 500);
    expect(
      (await placeRequest(app, user.token, body({ account: 'practice', amount: 200 }))).json().balances,
    ).toEqual({
      real: 1500,
      practice: 99_500,
    });
    expect((await placeRequest(app, user.token, body({ amount: 100 }))).json().balances).toEqual({
      real: 1400,
      practice: 99_500,
    });
  });

  it('refuses a token whose signature does not verify, before any lookup', async () => {
    const user = await fundedUser();
    const forged = `${user.token.slice(0, -4)}AAAA`;
    const res = await placeRequest(app, forged, body());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
    expect(await app.db.$count(trades, eq(trades.userId, user.id))).toBe(0);
  });
});

describe('POST /api/trades: placement', () => {
  it('debits the stake, stores the entry tick and the copied terms, and answers the balances', async () => {
    const user = await fundedUser(1000);
    const before = Date.now();
    const res = await placeRequest(app, user.token, body({ amount: 250.5, direction: 'down' }));
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.balances).toEqual({ real: 749.5, practice: 100_000 });
    expect(answer.serverTime).toBeGreaterThanOrEqual(before);
    expect(answer.trade).toMatchObject({
      symbol: 'BTC',
      pair: 'BTC/INR',
      account: 'real',
      direction: 'down',
      amount: 250.5,
      durationSeconds: 20,
      payoutPercent: 20,
      status: 'running',
      result: null,
      exit: null,
      payout: null,
      profit: null,
      reason: null,
      settledAt: null,
      entry: { price: 65_000.5, priceE8: '6500050000000', aggTradeId: 1000, source: 'binance' },
    });
    const expiresAt = Date.parse(answer.trade.expiresAt);
    const createdAt = Date.parse(answer.trade.createdAt);
    expect(expiresAt - createdAt).toBeGreaterThanOrEqual(20_000);
    expect(expiresAt - createdAt).toBeLessThan(21_000);

    const [row] = await app.db.select().from(trades).where(eq(trades.id, answer.trade.id));
    expect(row).toMatchObject({ userId: user.id, amount: 25_050n, settingId: t.settings.s20 });
    const stakes = await app.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.reference, answer.trade.id), eq(journalEntries.type, 'trade_stake')));
    expect(stakes).toHaveLength(1);
    expect(await balancesOf(app, user.id)).toEqual({ real: 749.5, practice: 100_000 });
  });

  it('adds the delayed job of the trade’s symbol and expiry instant, due at its expiry', async () => {
    const user = await fundedUser();
    const res = await placeRequest(app, user.token, body({ settingId: t.settings.s60 }));
    const trade: Trade = res.json().trade;
    const expiresAt = Date.parse(trade.expiresAt);
    const id = settleExpiryJobId('BTC', expiresAt);
    expect(id).toBe(`expiry-BTC-${expiresAt}`);
    const job = await queue.getJob(id);
    expect(job).toBeDefined();
    expect(job?.name).toBe('settleExpiry');
    expect(job?.data).toEqual({ symbol: 'BTC', expiresAt });
    const dueAt = (job?.timestamp ?? 0) + (job?.opts.delay ?? 0);
    expect(Math.abs(dueAt - expiresAt)).toBeLessThan(250);
    expect(job?.opts.delay).toBeGreaterThan(59_000);
    expect(job?.opts.delay).toBeLessThanOrEqual(61_000);
    expect(job?.opts.attempts).toBe(8);
    expect(await job?.isDelayed()).toBe(true);
  });

  it('adds one job for the trades of one symbol and instant, one per symbol', async () => {
    const user = await fundedUser();
    const placed = await Promise.all(
      ['BTC', 'ETH', 'BTC', 'ETH', 'BTC'].map((symbol) =>
        placeRequest(app, user.token, body({ symbol, settingId: t.settings.s40 })),
      ),
    );
    const tradesPlaced: Trade[] = placed.map((r) => r.json().trade);
    const ids = new Set(tradesPlaced.map((tr) => settleExpiryJobId(tr.symbol, Date.parse(tr.expiresAt))));
    // Placed within a second or two: each symbol's trades expire at one or two instants.
    expect(ids.size).toBeGreaterThanOrEqual(2);
    expect(ids.size).toBeLessThanOrEqual(4);
    const delayed = (await queue.getDelayed()).filter((j) => ids.has(j.id ?? ''));
    expect(delayed.map((j) => j.id).sort()).toEqual([...ids].sort());
    expect(delayed.every((j) => j.name === 'settleExpiry')).toBe(true);
  });

  it('answers the same trade for the same Idempotency-Key, without a second debit', async () => {
    const user = await fundedUser(1000);
    const key = newKey();
    const first = await placeRequest(app, user.token, body(), key);
    const again = await placeRequest(app, user.token, body(), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().trade.id).toBe(first.json().trade.id);
    expect(await balancesOf(app, user.id)).toEqual({ real: 900, practice: 100_000 });
  });

  it('re-adds a lost job when the placement is retried on a gateway that did not add it', async () => {
    // As if the process died between the commit and adding the job: the client retries on
    // another gateway (a restarted one remembers nothing either).
    const user = await fundedUser();
    const key = newKey();
    const first = await placeRequest(app, user.token, body({ settingId: t.settings.s60 }), key);
    const trade: Trade = first.json().trade;
    const id = settleExpiryJobId(trade.symbol, Date.parse(trade.expiresAt));
    expect(await queue.remove(id)).toBe(1);
    expect(await queue.getJob(id)).toBeUndefined();
    const other = await buildTestApp({ databaseUrl: t.databaseUrl, redisPrefix: t.prefix });
    try {
      const retry = await placeRequest(other, user.token, body({ settingId: t.settings.s60 }), key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().trade.id).toBe(trade.id);
    } finally {
      await other.close();
    }
    const job = await queue.getJob(id);
    expect(job?.data).toEqual({ symbol: trade.symbol, expiresAt: Date.parse(trade.expiresAt) });
    expect(await balancesOf(app, user.id)).toEqual({ real: 900, practice: 100_000 });
  });

  it('refuses the same Idempotency-Key for a different trade', async () => {
    const user = await fundedUser(1000);
    const key = newKey();
    expect((await placeRequest(app, user.token, body(), key)).statusCode).toBe(201);
    for (const over of [{ amount: 101 }, { direction: 'down' }, { symbol: 'ETH' }, { account: 'practice' }]) {
      const res = await placeRequest(app, user.token, body(over), key);
      expect(res.statusCode, JSON.stringify(over)).toBe(409);
      expect(res.json().message).toBe(MSG.idempotencyKeyReused);
    }
    expect(await balancesOf(app, user.id)).toEqual({ real: 900, practice: 100_000 });
  });

  it('lets two users use the same key independently', async () => {
    const [a, b] = [await fundedUser(), await fundedUser()];
    const key = newKey();
    const first = await placeRequest(app, a.token, body(), key);
    const second = await placeRequest(app, b.token, body(), key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().trade.id).not.toBe(second.json().trade.id);
  });

  it('keeps practice money apart: a practice trade leaves the real balance unchanged', async () => {
    const user = await fundedUser(500);
    const res = await placeRequest(app, user.token, body({ account: 'practice', amount: 2500 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().balances).toEqual({ real: 500, practice: 97_500 });
    expect(await balancesOf(app, user.id)).toEqual({ real: 500, practice: 97_500 });
    const broke = await createUser(app);
    const practice = await placeRequest(app, broke.token, body({ account: 'practice' }));
    expect(practice.statusCode).toBe(201);
    expect((await placeRequest(app, broke.token, body())).json().message).toBe(MSG.insufficientBalance);
  });

  it('pushes balance and trade:placed to the user’s room', async () => {
    const user = await fundedUser(300);
    const socket: ClientSocket = await connected(url, user.token);
    try {
      const balance = next(socket, 'balance');
      const placed = next(socket, 'trade:placed');
      const res = await placeRequest(app, user.token, body({ amount: 100 }));
      expect(await balance).toEqual({ real: 200, practice: 100_000, reason: 'trade_stake' });
      expect((await placed).trade).toEqual(res.json().trade);
    } finally {
      socket.disconnect();
    }
  });
});

describe('POST /api/trades: the price a trade opens at', () => {
  it('refuses a price older than TRADE_MAX_PRICE_AGE_MS with 409', async () => {
    const user = await fundedUser();
    const old = Date.now() - 6_000;
    await setTick(t.prefix, 'ETH', 3_000, { receivedAt: old, exchangeTs: old });
    try {
      const res = await placeRequest(app, user.token, body({ symbol: 'ETH' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.priceStale);
      expect(await balancesOf(app, user.id)).toEqual({ real: 1000, practice: 100_000 });
    } finally {
      await setTick(t.prefix, 'ETH', 3_000);
    }
  });

  it('refuses a fresh arrival of an old exchange trade (the bound holds from both clocks)', async () => {
    const user = await fundedUser();
    await setTick(t.prefix, 'ETH', 3_000, { exchangeTs: Date.now() - 6_000 });
    try {
      const res = await placeRequest(app, user.token, body({ symbol: 'ETH' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.priceStale);
    } finally {
      await setTick(t.prefix, 'ETH', 3_000);
    }
  });

  it('refuses when there is no price at all', async () => {
    // SOL is enabled, but no tick of it was ever written.
    const user = await fundedUser();
    const res = await placeRequest(app, user.token, body({ symbol: 'SOL' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.priceStale);
  });

  it('refuses real money at a simulated price, and accepts practice', async () => {
    const user = await fundedUser();
    await setTick(t.prefix, 'ETH', 3_000, { source: 'simulated', aggTradeId: null });
    try {
      const real = await placeRequest(app, user.token, body({ symbol: 'ETH' }));
      expect(real.statusCode).toBe(409);
      expect(real.json().message).toBe(MSG.simulatedRealRefused);
      const practice = await placeRequest(app, user.token, body({ symbol: 'ETH', account: 'practice' }));
      expect(practice.statusCode).toBe(201);
      expect(practice.json().trade.entry).toMatchObject({ source: 'simulated', aggTradeId: null });
      expect(await balancesOf(app, user.id)).toEqual({ real: 1000, practice: 99_900 });
    } finally {
      await setTick(t.prefix, 'ETH', 3_000);
    }
  });

  it('answers a retry with its trade even once the price has gone stale', async () => {
    const user = await fundedUser();
    const key = newKey();
    const first = await placeRequest(app, user.token, body({ symbol: 'ETH' }), key);
    expect(first.statusCode).toBe(201);
    const old = Date.now() - 60_000;
    await setTick(t.prefix, 'ETH', 3_000, { receivedAt: old, exchangeTs: old });
    try {
      const retry = await placeRequest(app, user.token, body({ symbol: 'ETH' }), key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().trade.id).toBe(first.json().trade.id);
      const other = await placeRequest(app, user.token, body({ symbol: 'ETH', amount: 5 }), key);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(MSG.idempotencyKeyReused);
      expect(await balancesOf(app, user.id)).toEqual({ real: 900, practice: 100_000 });
    } finally {
      await setTick(t.prefix, 'ETH', 3_000);
    }
  });
});

describe('reading trades', () => {
  it('lists my running and completed trades of one account, newest first', async () => {
    const user = await fundedUser(1000);
    const first = await place(user);
    const second = await place(user, { amount: 50 });
    const practice = await place(user, { account: 'practice' });
    await settleTrade(app.db, first.id, {
      staleAfterMs: 1000,
      now: new Date(Date.parse(first.expiresAt) + 2000),
    });

    const get = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/trades?${query}`, headers: auth(user.token) });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const running = await get('status=running&account=real');
    expect(running).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(running.items.map((x: Trade) => x.id)).toEqual([second.id]);
    const completed = await get('status=completed&account=real');
    expect(completed.items.map((x: Trade) => x.id)).toEqual([first.id]);
    expect(completed.items[0]).toMatchObject({ status: 'void', payout: 100, profit: 0 });
    expect(completed.items[0].reason).toBeTruthy();
    const all = await get('');
    expect(all.items.map((x: Trade) => x.id)).toEqual([practice.id, second.id, first.id]);
    const oldestFirst = await get('sort=createdAt&limit=2&page=1');
    expect(oldestFirst).toMatchObject({ total: 3, limit: 2 });
    expect(oldestFirst.items.map((x: Trade) => x.id)).toEqual([first.id, second.id]);
  });

  it('shows a trade with its receipt to its owner and to admins only', async () => {
    const [owner, other] = [await fundedUser(), await fundedUser()];
    const trade = await place(owner);
    const read = (token: string, id = trade.id) =>
      app.inject({ method: 'GET', url: `/api/trades/${id}`, headers: auth(token) });
    const mine = await read(owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().trade).toEqual(trade);
    expect(mine.json().trade.entry.exchangeTs).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The exchange pair its aggregate trade ids belong to, for the receipt's links to Binance.
    expect(mine.json().trade.marketSymbol).toBe('BTCUSDT');
    const listed = await app.inject({ method: 'GET', url: '/api/trades', headers: auth(owner.token) });
    expect(listed.json().items[0]).toMatchObject({ id: trade.id, marketSymbol: 'BTCUSDT' });
    expect((await read(other.token)).statusCode).toBe(404);
    expect((await read(admin.token)).statusCode).toBe(200);
    expect((await read(owner.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await read(owner.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('GET /api/trade-log', () => {
  it('gives a user their own trades, 5 per page, newest first', async () => {
    const [user, other] = [await fundedUser(), await fundedUser()];
    const mine: Trade[] = [];
    for (let i = 0; i < 6; i++) mine.push(await place(user, { amount: 10 + i }));
    await place(other);
    const res = await app.inject({
      method: 'GET',
      url: '/api/trade-log?mine=true&limit=5&page=1&sort=-createdAt',
      headers: auth(user.token),
    });
    expect(res.statusCode).toBe(200);
    const log = res.json();
    expect(log).toMatchObject({ total: 6, page: 1, limit: 5 });
    expect(log.items.map((x: Trade) => x.id)).toEqual(
      mine
        .slice(1)
        .reverse()
        .map((x) => x.id),
    );
    expect(log.items[0]).toMatchObject({ userId: user.id, username: user.username });
    const defaults = await app.inject({ method: 'GET', url: '/api/trade-log/my', headers: auth(user.token) });
    expect(defaults.json()).toMatchObject({ total: 6, limit: 5 });
    const own = await app.inject({
      method: 'GET',
      url: `/api/trade-log/user/${user.id}`,
      headers: auth(user.token),
    });
    expect(own.json().total).toBe(6);
  });

  it('is the admin log without mine: everybody’s trades, 10 per page, with the username', async () => {
    const [a, b] = [await fundedUser(), await fundedUser()];
    const ta = await place(a, { symbol: 'ETH' });
    const tb = await place(b);
    await settleTrade(app.db, tb.id, { staleAfterMs: 1000, now: new Date(Date.parse(tb.expiresAt) + 2000) });
    const log = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/trade-log?${query}`,
        headers: auth(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await log('filter=all');
    expect(all.limit).toBe(10);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const byName = await log(`q=${a.username.toUpperCase()}`);
    expect(byName.items.map((x: Trade) => x.id)).toEqual([ta.id]);
    expect(byName.items[0]).toMatchObject({ userId: a.id, username: a.username, pair: 'ETH/INR' });
    const byCrypto = await log(`q=eth/inr&filter=all`);
    expect(byCrypto.items.map((x: Trade) => x.id)).toContain(ta.id);
    expect(byCrypto.items.every((x: Trade) => x.symbol === 'ETH')).toBe(true);
    // tb was voided: neither a win, a loss nor a draw.
    for (const filter of ['win', 'loss', 'draw']) {
      const res = await log(`filter=${filter}&q=${b.username}`);
      expect(res.items).toEqual([]);
    }
    // Days are India-time days.
    const today = istDay();
    expect((await log(`q=${a.username}&from=${today}&to=${today}`)).total).toBe(1);
    expect((await log(`q=${a.username}&from=2020-01-01&to=2020-01-31`)).total).toBe(0);
    const other = await app.inject({
      method: 'GET',
      url: `/api/trade-log/user/${a.id}`,
      headers: auth(admin.token),
    });
    expect(other.json().items.map((x: Trade) => x.id)).toEqual([ta.id]);
  });

  it('refuses a date that does not parse', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/trade-log?from=yesterday',
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.dateInvalid);
  });

  it('is admin only without mine, and a user cannot read another user’s log', async () => {
    const [user, other] = [await fundedUser(), await fundedUser()];
    const all = await app.inject({ method: 'GET', url: '/api/trade-log', headers: auth(user.token) });
    expect(all.statusCode).toBe(403);
    expect(all.json().message).toBe(MSG.forbidden);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/trade-log/user/${other.id}`,
      headers: auth(user.token),
    });
    expect(theirs.statusCode).toBe(403);
  });
});

describe('POST /api/admin/trades/:id/cancel', () => {
  const cancel = (token: string, id: string, reason: unknown = 'Feed incident') =>
    app.inject({
      method: 'POST',
      url: `/api/admin/trades/${id}/cancel`,
      headers: auth(token),
      payload: { reason },
    });

  it('refunds a running trade, records the reason, keeps the instant’s job and tells the user', async () => {
    const user = await fundedUser(1000);
    const trade = await place(user, { amount: 300 });
    const jobId = settleExpiryJobId(trade.symbol, Date.parse(trade.expiresAt));
    expect(await queue.getJob(jobId)).toBeDefined();
    const socket = await connected(url, user.token);
    try {
      const settled = next(socket, 'trade:settled');
      const balance = next(socket, 'balance');
      const res = await cancel(admin.token, trade.id, '  Feed incident  ');
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.trade).toMatchObject({
        id: trade.id,
        status: 'cancelled',
        result: null,
        payout: 300,
        profit: 0,
        reason: 'Feed incident',
      });
      expect(answer.balances).toEqual({ real: 1000, practice: 100_000 });
      expect(await balancesOf(app, user.id)).toEqual({ real: 1000, practice: 100_000 });
      expect(await settled).toEqual(answer);
      expect(await balance).toMatchObject({ real: 1000, practice: 100_000 });
    } finally {
      socket.disconnect();
    }
    // Other trades may expire at the same instant: the job stays, and skips what is not running.
    expect(await queue.getJob(jobId)).toBeDefined();
    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade.cancel'), eq(auditLog.targetId, trade.id)));
    expect(row).toMatchObject({ actorId: admin.id, actorRole: 'admin', reason: 'Feed incident' });
    expect(row?.after).toMatchObject({ status: 'cancelled', refund: '30000' });
    const mine = await app.inject({
      method: 'GET',
      url: `/api/trades/${trade.id}`,
      headers: auth(user.token),
    });
    expect(mine.json().trade.reason).toBe('Feed incident');
  });

  it('refuses a settled or cancelled trade: settled trades are final', async () => {
    const user = await fundedUser(1000);
    const settledTrade = await place(user);
    await settleTrade(app.db, settledTrade.id, {
      staleAfterMs: 1000,
      now: new Date(Date.parse(settledTrade.expiresAt) + 2000),
    });
    const res = await cancel(admin.token, settledTrade.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.tradeNotRunning);

    const once = await place(user);
    expect((await cancel(admin.token, once.id)).statusCode).toBe(200);
    const twice = await cancel(admin.token, once.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.tradeNotRunning);
    expect(await balancesOf(app, user.id)).toEqual({ real: 1000, practice: 100_000 });
  });

  it('needs a reason, and a trade that exists', async () => {
    const user = await fundedUser();
    const trade = await place(user);
    for (const reason of ['', '   ', null]) {
      const res = await cancel(admin.token, trade.id, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.reasonRequired);
    }
    expect((await cancel(admin.token, 'nope')).statusCode).toBe(404);
    expect((await cancel(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('is refused to users, with no change to the trade', async () => {
    const user = await fundedUser();
    const trade = await place(user);
    const res = await cancel(user.token, trade.id);
    expect(res.statusCode).toBe(403);
    const [row] = await app.db.select().from(trades).where(eq(trades.id, trade.id));
    expect(row?.status).toBe('running');
  });
});

describe('when the settle job cannot be added', () => {
  it('still places the trade (the reconciler settles it) and answers 201', async () => {
    const broken = await buildTradingApp('trades-noqueue');
    try {
      await setTick(broken.prefix, 'BTC', 65_000);
      // A closed queue refuses every add, as a Redis outage would.
      await broken.app.queues.settlement.close();
      const user = await createUser(broken.app);
      await fund(broken.app, user.id, 100);
      const res = await placeRequest(broken.app, user.token, {
        amount: 40,
        settingId: broken.settings.s20,
        symbol: 'BTC',
        direction: 'up',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().trade.status).toBe('running');
      expect(await balancesOf(broken.app, user.id)).toEqual({ real: 60, practice: 100_000 });
    } finally {
      await broken.close();
    }
  });
});
