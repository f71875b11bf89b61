import { journalEntries } from '@app/db';
import { MSG, PRACTICE_OPENING_BALANCE_RUPEES } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, type TestUser } from '../../test/helpers.ts';
import { connected, listen, next } from '../../test/socket-client.ts';
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
let url: string;

beforeAll(async () => {
  t = await buildTradingApp('balances');
  app = t.app;
  url = await listen(app);
  await setTick(t.prefix, 'BTC', 65_000);
});
afterAll(async () => {
  await t.close();
});

const reset = (user: TestUser, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/user/me/practice/reset',
    headers: { ...auth(user.token), ...headers },
  });

const practiceTrade = (user: TestUser, amount: number) =>
  placeRequest(app, user.token, {
    amount,
    settingId: t.settings.s20,
    symbol: 'BTC',
    direction: 'up',
    account: 'practice',
  });

describe('GET /api/user/me/balances', () => {
  it('answers both balances: real 0 and practice Rs 1,00,000 for a new user', async () => {
    const user = await createUser(app);
    const res = await app.inject({ method: 'GET', url: '/api/user/me/balances', headers: auth(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balances: { real: 0, practice: PRACTICE_OPENING_BALANCE_RUPEES } });
    await fund(app, user.id, 1234.56);
    const after = await app.inject({
      method: 'GET',
      url: '/api/user/me/balances',
      headers: auth(user.token),
    });
    expect(after.json().balances).toEqual({ real: 1234.56, practice: 100_000 });
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/me/balances' })).statusCode).toBe(401);
  });
});

describe('the user as the API shows it', () => {
  it('carries the practice balance beside the real one', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 50);
    expect((await practiceTrade(user, 700)).statusCode).toBe(201);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(user.token) });
    expect(me.json().user).toMatchObject({ balance: 50, practiceBalance: 99_300 });
    const fresh = await createUser(app);
    const freshMe = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(fresh.token) });
    expect(freshMe.json().user).toMatchObject({ balance: 0, practiceBalance: 100_000 });
  });
});

describe('POST /api/user/me/practice/reset', () => {
  it('brings practice back to Rs 1,00,000 with one ledger entry, leaving real money alone', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 200);
    expect((await practiceTrade(user, 40_000)).statusCode).toBe(201);
    expect(await balancesOf(app, user.id)).toEqual({ real: 200, practice: 60_000 });

    const socket = await connected(url, user.token);
    try {
      const event = next(socket, 'balance');
      const res = await reset(user, { 'idempotency-key': newKey() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ balances: { real: 200, practice: 100_000 } });
      expect(await event).toEqual({ real: 200, practice: 100_000, reason: 'practice_reset' });
    } finally {
      socket.disconnect();
    }
    const entries = await app.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.type, 'practice_reset')));
    // The opening of the account, then the reset.
    expect(entries.map((e) => e.remarks)).toEqual(['Practice account opened', 'Practice balance reset']);

    // Again: nothing to do, nothing written.
    const again = await reset(user);
    expect(again.json().balances).toEqual({ real: 200, practice: 100_000 });
    expect(
      await app.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.type, 'practice_reset'))),
    ).toHaveLength(2);
  });

  it('works for a user who never moved money', async () => {
    const user = await createUser(app);
    const res = await reset(user);
    expect(res.statusCode).toBe(200);
    expect(res.json().balances).toEqual({ real: 0, practice: 100_000 });
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const user = await createUser(app);
    const res = await reset(user, { 'idempotency-key': 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.idempotencyKeyInvalid);
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/user/me/practice/reset' })).statusCode).toBe(401);
  });
});
