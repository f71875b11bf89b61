import { randomUUID } from 'node:crypto';
import { checkLedgerInvariants, placeTrade, topups, tradeSettings, users, withdrawals } from '@app/db';
import { istDay, latestDay, MSG, VOUCHER_MAX_BYTES } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPng, multipartOf, postTopup, requestTopup } from '../features/topups/topups.fixtures.ts';
import { auth, createUser, registration, type TestUser } from './helpers.ts';
import {
  balancesOf,
  buildTradingApp,
  fund,
  placeRequest,
  setTick,
  type TradingApp,
} from './trade-fixtures.ts';

/**
 * Bad input is a 4xx with a message, never a 5xx, on the real stack: NUL and other control
 * characters in text fields, malformed multipart, dates outside the calendar or the platform's
 * range (read as India-time days), and amounts that are not plainly written rupees.
 */

let trading: TradingApp;
let app: FastifyInstance;
let user: TestUser;
let admin: TestUser;
let superadmin: TestUser;

beforeAll(async () => {
  trading = await buildTradingApp('hardening');
  app = trading.app;
  [user, admin, superadmin] = [
    await createUser(app),
    await createUser(app, { role: 'admin' }),
    await createUser(app, { role: 'superadmin' }),
  ];
  await fund(app, user.id, 10_000);
});
afterAll(async () => {
  await trading?.close();
});

const BANK = {
  accountHolderName: 'Asha Verma',
  bankAccountNumber: '123456789012',
  bankName: 'State Bank',
  ifscCode: 'SBIN0001234',
};

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; token?: string; payload?: unknown };
const send = (call: Call) =>
  app.inject({
    method: call.method,
    url: call.url,
    headers: call.token ? auth(call.token) : {},
    payload: call.payload as object | undefined,
  });

describe('NUL and control characters in text fields', () => {
  const someId = randomUUID();
  const cases = (): Array<[string, Call]> => [
    [
      'register',
      {
        method: 'POST',
        url: '/api/auth/register',
        payload: registration('ABCD1234', { firstName: 'A\u0000' }),
      },
    ],
    [
      'login',
      { method: 'POST', url: '/api/auth/login', payload: { identifier: 'asha\u0000', password: 'x' } },
    ],
    [
      'profile',
      {
        method: 'PUT',
        url: '/api/user/me/profile',
        token: user.token,
        payload: { firstName: 'A\u0000', lastName: 'B' },
      },
    ],
    [
      'bank',
      {
        method: 'PUT',
        url: '/api/user/me/bank',
        token: user.token,
        payload: { ...BANK, bankName: 'SBI\u0000' },
      },
    ],
    [
      'withdrawal',
      {
        method: 'POST',
        url: '/api/withdrawals',
        token: user.token,
        payload: { amount: 10, ...BANK, accountHolderName: '\u0000' },
      },
    ],
    [
      'trade',
      {
        method: 'POST',
        url: '/api/trades',
        token: user.token,
        payload: { amount: 10, settingId: 1, symbol: 'BTC\u0000', direction: 'up' },
      },
    ],
    [
      'referral key',
      { method: 'POST', url: '/api/referral-keys', token: admin.token, payload: { label: 'promo\u0000' } },
    ],
    [
      'a key of the body',
      { method: 'POST', url: '/api/referral-keys', token: admin.token, payload: { 'label\u0000': 'x' } },
    ],
    [
      'site title',
      {
        method: 'PUT',
        url: '/api/superadmin/site',
        token: superadmin.token,
        payload: { title: 'Site\u0000' },
      },
    ],
    [
      'create user',
      {
        method: 'POST',
        url: '/api/superadmin/create-user',
        token: superadmin.token,
        payload: {
          firstName: 'A',
          lastName: 'B\u0000',
          username: 'nul_user',
          email: 'nul@example.com',
          password: 'maple-Sparrow-27',
        },
      },
    ],
    [
      'top-up remarks',
      {
        method: 'PUT',
        url: `/api/topups/${someId}/reject`,
        token: admin.token,
        payload: { remarks: 'no\u0000' },
      },
    ],
    [
      'withdrawal remarks',
      {
        method: 'PUT',
        url: `/api/withdrawals/${someId}/status`,
        token: admin.token,
        payload: { status: 'rejected', remarks: 'no\u0000' },
      },
    ],
    [
      'cancel reason',
      {
        method: 'POST',
        url: `/api/admin/trades/${someId}/cancel`,
        token: admin.token,
        payload: { reason: 'why\u0000' },
      },
    ],
    [
      'hold reason',
      {
        method: 'PUT',
        url: `/api/admin/users/${user.id}/hold`,
        token: admin.token,
        payload: { freezAmount: 1, reason: 'why\u0000' },
      },
    ],
    ['trade log search', { method: 'GET', url: '/api/trade-log?q=BTC%00', token: admin.token }],
    [
      'login history search',
      { method: 'GET', url: '/api/admin-stats/login-history?q=%00', token: admin.token },
    ],
    ['withdrawals search', { method: 'GET', url: '/api/withdrawals?search=a%00b', token: admin.token }],
    ['referral keys search', { method: 'GET', url: '/api/referral-keys?q=%00', token: admin.token }],
    ['a query key', { method: 'GET', url: '/api/trade-log/my?%00=1', token: user.token }],
  ];

  it('answers 400 with the message on every route, before anything is stored', async () => {
    const before = (await app.db.select().from(users).where(eq(users.id, user.id)))[0];
    for (const [name, call] of cases()) {
      const res = await send(call);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toBe(MSG.textControlCharacters);
    }
    const after = (await app.db.select().from(users).where(eq(users.id, user.id)))[0];
    expect(after).toMatchObject({
      firstName: before?.firstName,
      bankName: before?.bankName,
      freezAmount: before?.freezAmount,
    });
    expect(await checkLedgerInvariants(app.db)).toEqual([]);
  });

  it('refuses other control characters, and line breaks in one-line fields', async () => {
    for (const firstName of ['A\u0007', 'Line\nbreak', 'Tab\there', 'A\u007f', 'A\u0085', 'A\u2028']) {
      const res = await send({
        method: 'PUT',
        url: '/api/user/me/profile',
        token: user.token,
        payload: { firstName, lastName: 'B' },
      });
      expect(res.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(res.json().message).toBe(MSG.textControlCharacters);
    }
    const ok = await send({
      method: 'PUT',
      url: '/api/user/me/profile',
      token: user.token,
      payload: { firstName: 'Åsa 😀', lastName: 'Verma' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ firstName: 'Åsa 😀', lastName: 'Verma' });
  });

  it('keeps line breaks and tabs in multi-line fields (an admin’s remarks)', async () => {
    const owner = await createUser(app);
    await fund(app, owner.id, 500);
    const created = await app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers: auth(owner.token),
      payload: { amount: 100, ...BANK },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().withdrawal.id;
    const bell = await send({
      method: 'PUT',
      url: `/api/withdrawals/${id}/status`,
      token: admin.token,
      payload: { status: 'rejected', remarks: 'ring\u0007' },
    });
    expect(bell.statusCode).toBe(400);
    expect(bell.json().message).toBe(MSG.textControlCharacters);
    const remarks = 'Account closed.\r\nPlease add another one.\tThanks';
    const res = await send({
      method: 'PUT',
      url: `/api/withdrawals/${id}/status`,
      token: admin.token,
      payload: { status: 'rejected', remarks },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.remarks).toBe(remarks);
  });
});

describe('malformed multipart on POST /api/topups', () => {
  it('answers 400 with a message to a cut, mis-bounded or garbled body, and stores nothing', async () => {
    const uploader = await createUser(app);
    const form = await multipartOf({ amount: '500', currency: 'INR', voucher: aPng(2000) });
    const bodies = [
      { payload: form.payload.subarray(0, 120), contentType: form.contentType },
      { payload: form.payload.subarray(0, form.payload.length - 30), contentType: form.contentType },
      { payload: form.payload, contentType: 'multipart/form-data; boundary=not-the-one' },
      { payload: form.payload, contentType: 'multipart/form-data' },
      { payload: Buffer.from('\u0000\r\n--\r\n\r\nnot a form'), contentType: form.contentType },
    ];
    for (const [i, body] of bodies.entries()) {
      const res = await postTopup(app, uploader.token, body);
      expect(res.statusCode, `body ${i}: ${res.body}`).toBe(400);
      expect(res.json().message, `body ${i}`).toBeTruthy();
      expect(res.json().message).not.toBe(MSG.serverError);
    }
    const cut = await postTopup(app, uploader.token, bodies[0] as (typeof bodies)[0]);
    expect(cut.json().message).toBe(MSG.uploadInvalid);
    expect(await app.db.select().from(topups).where(eq(topups.userId, uploader.id))).toEqual([]);
  });

  it('answers 400 "too large" to a voucher over 5 MB', async () => {
    const uploader = await createUser(app);
    const res = await postTopup(
      app,
      uploader.token,
      await multipartOf({ amount: '500', currency: 'INR', voucher: aPng(VOUCHER_MAX_BYTES + 1) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.voucherTooLarge);
    expect(await app.db.select().from(topups).where(eq(topups.userId, uploader.id))).toEqual([]);
  });
});

describe('dates of /api/trade-log', () => {
  const log = (query: string, token = admin.token) =>
    app.inject({ method: 'GET', url: `/api/trade-log?${query}`, headers: auth(token) });

  it('answers 400 with a message to a day that does not exist or lies outside 2020 to a year ahead', async () => {
    const tooLate = new Date(Date.parse(`${latestDay()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const query of [
      'from=0000-01-01',
      'to=9999-12-31',
      'from=2026-02-30',
      'to=2025-02-29',
      'from=2019-12-31',
      `to=${tooLate}`,
      'from=2026-1-5',
      'from=yesterday',
      'to=2026-01-01T00:00:00Z',
      'from=%2B275760-09-13',
      'from=2026-01-01&from=2026-01-02',
    ]) {
      const res = await log(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message, query).toBe(MSG.dateInvalid);
    }
    for (const query of ['from=2020-01-01', `to=${latestDay()}`, 'from=2024-02-29&to=2024-02-29']) {
      expect((await log(query)).statusCode, query).toBe(200);
    }
  });

  it('reads a day as the whole day in India time', async () => {
    const trader = await createUser(app);
    const [setting] = await app.db
      .select()
      .from(tradeSettings)
      .where(eq(tradeSettings.id, trading.settings.s20));
    if (!setting) throw new Error('no setting');
    const placeAt = async (iso: string) => {
      const now = new Date(iso);
      const placed = await placeTrade(app.db, {
        userId: trader.id,
        session: { tokenVersion: 0 },
        account: 'practice',
        symbol: 'BTC',
        direction: 'up',
        amountPaise: 10_000n,
        setting: {
          id: setting.id,
          time: setting.time,
          unit: setting.unit,
          payoutPercent: setting.payoutPercent,
        },
        entryTick: {
          symbol: 'BTC',
          priceE8: 5_000_000_000_000n,
          aggTradeId: null,
          exchangeTs: now,
          source: 'binance',
        },
        now,
        maxTickAgeMs: 5000,
      });
      return placed.trade.id;
    };
    // 23:59:59 and 00:00:00 India time: two days in India, one day in UTC.
    const lastOfFifteenth = await placeAt('2026-01-15T18:29:59.000Z');
    const firstOfSixteenth = await placeAt('2026-01-15T18:30:00.000Z');
    const ids = async (query: string) => {
      const res = await log(`mine=true&limit=100&${query}`, trader.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((t: { id: string }) => t.id);
    };
    expect(await ids('from=2026-01-15&to=2026-01-15')).toEqual([lastOfFifteenth]);
    expect(await ids('from=2026-01-16&to=2026-01-16')).toEqual([firstOfSixteenth]);
    expect(await ids('to=2026-01-15')).toEqual([lastOfFifteenth]);
    expect((await ids('from=2026-01-15')).sort()).toEqual([lastOfFifteenth, firstOfSixteenth].sort());
    expect(await ids(`from=${istDay()}`)).toEqual([]);
  });
});

describe('amounts are strict on every money route', () => {
  const REFUSED: unknown[] = [
    '0x10',
    '1e3',
    '1E3',
    ' 100',
    '100 ',
    '100.001',
    '0.001',
    'Infinity',
    'NaN',
    '0',
    '0.00',
    '-5',
    '007',
    '.5',
    '5.',
    '1,000',
    '१००',
    '',
    1e-9,
    0.001,
    1.005,
    0.1 + 0.2,
    0,
    -1,
    null,
    true,
    [100],
    { value: 100 },
  ];

  it('refuses them for a stake with "Enter a valid amount." and places nothing', async () => {
    await setTick(trading.prefix, 'BTC', 50_000);
    const before = await balancesOf(app, user.id);
    for (const amount of REFUSED) {
      const res = await placeRequest(app, user.token, {
        amount,
        settingId: trading.settings.s20,
        symbol: 'BTC',
        direction: 'up',
        account: 'real',
      });
      expect(res.statusCode, `${JSON.stringify(amount)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(MSG.tradeAmountInvalid);
    }
    expect(await balancesOf(app, user.id)).toEqual(before);
  });

  it('refuses them for a top-up with its own message', async () => {
    const uploader = await createUser(app);
    for (const amount of REFUSED.filter((a): a is string => typeof a === 'string')) {
      const res = await postTopup(
        app,
        uploader.token,
        await multipartOf({ amount, currency: 'INR', voucher: aPng() }),
      );
      expect(res.statusCode, `${JSON.stringify(amount)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(MSG.topupAmountInvalid);
    }
    expect(await app.db.select().from(topups).where(eq(topups.userId, uploader.id))).toEqual([]);
  });

  it('refuses them for a withdrawal and debits nothing', async () => {
    const before = await balancesOf(app, user.id);
    for (const amount of REFUSED) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/withdrawals',
        headers: auth(user.token),
        payload: { amount, ...BANK },
      });
      expect(res.statusCode, `${JSON.stringify(amount)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(MSG.tradeAmountInvalid);
    }
    expect(await balancesOf(app, user.id)).toEqual(before);
  });

  it('takes plain digit strings and numbers with two decimals, to the exact paisa', async () => {
    const payer = await createUser(app);
    await fund(app, payer.id, 1000);
    await setTick(trading.prefix, 'BTC', 50_000);
    const stake = await placeRequest(app, payer.token, {
      amount: '100.10',
      settingId: trading.settings.s20,
      symbol: 'BTC',
      direction: 'up',
      account: 'real',
    });
    expect(stake.statusCode, stake.body).toBe(201);
    expect(stake.json().trade.amount).toBe(100.1);
    const withdrawal = await app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers: auth(payer.token),
      payload: { amount: 0.29, ...BANK },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    // 1000 - 100.10 - 0.29, in paise: no float drift on the way.
    expect(await balancesOf(app, payer.id)).toMatchObject({ real: 899.61 });
    const topup = await requestTopup(app, payer.token, '250.75');
    expect(topup.amount).toBe(250.75);
    const [row] = await app.db.select().from(topups).where(eq(topups.id, topup.id));
    expect(row?.amount).toBe(25_075n);
    expect(await checkLedgerInvariants(app.db)).toEqual([]);
  });
});
