import { loginHistory, refreshAdminStats, trades, users } from '@app/db';
import type { AdminCardsResponse, DeviceType, TradeStatus } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  buildIsolatedApp,
  buildTestApp,
  createUser,
  DESKTOP_UA,
  MOBILE_UA,
  signIn,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/helpers.ts';
import { aPng, multipartOf, postTopup } from '../topups/topups.fixtures.ts';
import { bankedUser, decide, pendingWithdrawal } from '../withdrawals/withdrawals.fixtures.ts';

let app: FastifyInstance;
let admin: TestUser;
let superadmin: TestUser;
let trader: TestUser;

const login = (identifier: string, password = TEST_PASSWORD, ua = DESKTOP_UA) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier, password },
    headers: { 'user-agent': ua },
  });
const history = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin-stats/login-history${query}`, headers: auth(token) });
type Item = {
  username: string | null;
  role: string | null;
  userId: string | null;
  success: boolean;
  deviceType: string;
};

beforeAll(async () => {
  app = await buildTestApp();
  [admin, superadmin, trader] = [
    await createUser(app, { role: 'admin' }),
    await createUser(app, { role: 'superadmin' }),
    await createUser(app),
  ];
  await signIn(app, superadmin, { userAgent: DESKTOP_UA });
  await login(superadmin.username, 'wrong-password');
  await login(trader.username, TEST_PASSWORD, MOBILE_UA);
  await login(trader.username, 'wrong-password');
  await signIn(app, admin, { userAgent: DESKTOP_UA });
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/admin-stats/login-history', () => {
  it('hides superadmin rows from admins whatever excludeRole says', async () => {
    for (const query of [
      '',
      '?excludeRole=user',
      '?excludeRole=',
      `?user=${superadmin.id}`,
      `?user=${superadmin.username}`,
      `?q=${superadmin.username}`,
    ]) {
      const res = await history(admin.token, query);
      expect(res.statusCode, query).toBe(200);
      const items: Item[] = res.json().items;
      expect(
        items.some((i) => i.role === 'superadmin' || i.userId === superadmin.id),
        query,
      ).toBe(false);
    }
  });

  it('hides the history of an account that is a superadmin now, even rows from before its promotion', async () => {
    const promoted = await createUser(app);
    await login(promoted.username);
    await app.db.update(users).set({ role: 'superadmin' }).where(eq(users.id, promoted.id));
    const items: Item[] = (await history(admin.token, `?user=${promoted.id}`)).json().items;
    expect(items).toEqual([]);
    expect((await history(superadmin.token, `?user=${promoted.id}`)).json().items).toHaveLength(1);
  });

  it('shows superadmins everything, and honours excludeRole', async () => {
    const all: Item[] = (await history(superadmin.token, `?user=${superadmin.id}`)).json().items;
    expect(all.map((i) => i.success)).toEqual([false, true]);
    const excluded: Item[] = (
      await history(superadmin.token, `?user=${superadmin.id}&excludeRole=superadmin`)
    ).json().items;
    expect(excluded).toEqual([]);
  });

  it('filters by user id, username or email, newest first, with both outcomes and the device', async () => {
    for (const who of [trader.id, trader.username.toUpperCase(), trader.email]) {
      const res = await history(admin.token, `?user=${encodeURIComponent(who)}`);
      const items: Item[] = res.json().items;
      expect(
        items.map((i) => [i.success, i.deviceType]),
        who,
      ).toEqual([
        [false, 'desktop'],
        [true, 'mobile'],
      ]);
      expect(res.json().pagination).toEqual({ total: 2, page: 1, limit: 20, pages: 1 });
    }
  });

  it('searches the user agent and pages', async () => {
    const res = await history(admin.token, `?q=iPhone&user=${trader.id}&limit=10&page=1`);
    expect(res.json().items).toHaveLength(1);
    const page2 = await history(admin.token, `?user=${trader.id}&limit=10&page=2`);
    expect(page2.json()).toEqual({ items: [], pagination: { total: 2, page: 2, limit: 10, pages: 1 } });
  });

  it('falls back to the default page size for sizes the UI does not offer', async () => {
    const res = await history(admin.token, '?limit=7&page=-3');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 20 });
  });
});

describe('GET /api/admin-stats/cards', () => {
  // Counting needs a database no other test file writes to.
  let isolated: Awaited<ReturnType<typeof buildIsolatedApp>>;
  let viewer: TestUser;
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(Date.now() - days * DAY);

  type SeedTrade = { account: 'real' | 'practice'; status: TradeStatus; settledDaysAgo?: number };
  /** A trade row as placement and settlement leave it; money is not what is counted here. */
  async function insertTrade(userId: string, t: SeedTrade) {
    const settledAt = t.status === 'running' ? null : ago(t.settledDaysAgo ?? 0);
    const createdAt = settledAt ? new Date(settledAt.getTime() - 60_000) : new Date();
    const priced = t.status === 'won' || t.status === 'lost' || t.status === 'draw';
    const payout = { running: null, won: 180n, lost: 0n, draw: 100n, void: 100n, cancelled: 100n }[t.status];
    await isolated.app.db.insert(trades).values({
      userId,
      account: t.account,
      symbol: 'BTC',
      direction: 'up',
      amount: 100n,
      durationSeconds: 60,
      payoutPercent: 80,
      status: t.status,
      entryPriceE8: 100n,
      entryExchangeTs: createdAt,
      entrySource: 'test',
      entrySecond: createdAt,
      expiresAt: new Date(createdAt.getTime() + 60_000),
      createdAt,
      ...(priced
        ? { exitPriceE8: 101n, exitExchangeTs: settledAt, exitSource: 'test', exitSecond: settledAt }
        : {}),
      ...(t.status === 'void' ? { voidReason: 'stale feed' } : {}),
      ...(t.status === 'cancelled' ? { cancelReason: 'incident', cancelledBy: viewer.id } : {}),
      ...(payout === null ? {} : { payout, profit: payout - 100n, settledAt }),
    });
  }

  const cards = async () => {
    const res = await isolated.app.inject({
      method: 'GET',
      url: '/api/admin-stats/cards',
      headers: auth(viewer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminCardsResponse;
  };

  /** The trade cards of a seed, counted here from the seed itself. */
  const expectedTrades = (seed: SeedTrade[], account: 'real' | 'practice') => {
    const of = seed.filter((t) => t.account === account);
    const n = (status: TradeStatus) => of.filter((t) => t.status === status).length;
    return { totalTrades: of.length, winTrades: n('won'), lossTrades: n('lost'), drawTrades: n('draw') };
  };

  const seed: SeedTrade[] = [];
  const logins: Array<{ userId: string | null; success: boolean; deviceType: DeviceType; daysAgo: number }> =
    [];
  let users: TestUser[] = [];

  beforeAll(async () => {
    isolated = await buildIsolatedApp();
    const app = isolated.app;
    viewer = await createUser(app, { role: 'admin' });
    users = [
      viewer,
      await createUser(app),
      await createUser(app),
      await createUser(app, { role: 'superadmin' }),
    ];
    const [, a, b] = users as [TestUser, TestUser, TestUser, TestUser];

    // Trades over several days, old ones included: those days are final after the first count.
    const statuses: TradeStatus[] = ['won', 'lost', 'draw', 'void', 'cancelled'];
    statuses.forEach((status, i) => {
      for (let k = 0; k <= i; k++) seed.push({ account: 'real', status, settledDaysAgo: k * 7 });
      seed.push({ account: 'practice', status, settledDaysAgo: i });
    });
    seed.push({ account: 'real', status: 'running' }, { account: 'real', status: 'running' });
    seed.push({ account: 'practice', status: 'running' });
    seed.push({ account: 'practice', status: 'won', settledDaysAgo: 40 });
    for (const [i, t] of seed.entries()) await insertTrade(i % 2 ? a.id : b.id, t);

    logins.push(
      { userId: a.id, success: true, deviceType: 'desktop', daysAgo: 0 },
      { userId: a.id, success: true, deviceType: 'desktop', daysAgo: 3 },
      { userId: b.id, success: true, deviceType: 'mobile', daysAgo: 1 },
      { userId: b.id, success: false, deviceType: 'tablet', daysAgo: 0 },
      { userId: null, success: false, deviceType: 'unknown', daysAgo: 0 },
      // Long ago: counts for its device, not as active.
      { userId: viewer.id, success: true, deviceType: 'tablet', daysAgo: 31 },
    );
    await app.db
      .insert(loginHistory)
      .values(logins.map(({ daysAgo, ...r }) => ({ identifier: 'x', ...r, createdAt: ago(daysAgo) })));

    // Money through the real routes: approved, rejected and pending requests.
    for (const [amount, decision] of [
      ['250', 'approve'],
      ['100.50', 'approve'],
      ['75', 'reject'],
      ['60', null],
    ] as const) {
      const res = await postTopup(
        app,
        a.token,
        await multipartOf({ amount, currency: 'INR', voucher: aPng() }),
      );
      expect(res.statusCode, res.body).toBe(201);
      if (decision) {
        const id = res.json().topup.id;
        const decided = await app.inject({
          method: 'PUT',
          url: `/api/topups/${id}/${decision}`,
          headers: auth(viewer.token),
          ...(decision === 'reject' ? { payload: { remarks: 'no' } } : {}),
        });
        expect(decided.statusCode, decided.body).toBe(200);
      }
    }
    const banked = await bankedUser(app, 1000);
    users.push(banked);
    for (const [amount, status] of [
      [120, 'approved'],
      [30, 'rejected'],
      [10, null],
    ] as const) {
      const id = await pendingWithdrawal(app, banked, amount);
      if (status)
        expect((await decide(app, viewer.token, id, { status, remarks: 'ok' })).statusCode).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await isolated.close();
  });

  it('answers the cards computed from the data, real and practice apart', async () => {
    const body = await cards();
    const successful = logins.filter((l) => l.success);
    const device = (d: DeviceType) => successful.filter((l) => l.deviceType === d).length;
    const active = new Set(successful.filter((l) => l.daysAgo < 30).map((l) => l.userId)).size;
    expect(body).toEqual({
      ok: true,
      cards: {
        totalUsers: users.length,
        activeUsers: active,
        // Nobody verified an address in this data.
        emailVerified: 0,
        emailUnverified: users.length,
        ...expectedTrades(seed, 'real'),
        totalDeposits: 350.5,
        totalWithdrawals: 120,
        pendingTopups: 1,
        pendingWithdrawals: 1,
      },
      practice: expectedTrades(seed, 'practice'),
      devices: { mobile: device('mobile'), desktop: device('desktop'), tablet: device('tablet'), unknown: 0 },
      computedAt: expect.any(String),
    });
    // Hand-counted from the seed above, in case both sides of the comparison share a mistake.
    expect(body.cards).toMatchObject({ totalTrades: 17, winTrades: 1, lossTrades: 2, drawTrades: 3 });
    expect(body.practice).toEqual({ totalTrades: 7, winTrades: 2, lossTrades: 1, drawTrades: 1 });
    expect(body.devices).toEqual({ mobile: 1, desktop: 2, tablet: 1, unknown: 0 });
  });

  it('reads the snapshot between recounts, reads pending requests live, and recounts the open days', async () => {
    const app = isolated.app;
    const before = await cards();
    const [, a] = users as [TestUser, TestUser];
    // Between two recounts the trade and login cards stay as counted ...
    await insertTrade(a.id, { account: 'real', status: 'won' });
    await app.db
      .insert(loginHistory)
      .values({ identifier: 'x', userId: a.id, success: true, deviceType: 'mobile' });
    // ... while a new pending top-up shows at once.
    const res = await postTopup(
      app,
      a.token,
      await multipartOf({ amount: '5', currency: 'INR', voucher: aPng() }),
    );
    expect(res.statusCode).toBe(201);
    const between = await cards();
    expect(between.computedAt).toBe(before.computedAt);
    expect(between.cards).toEqual({ ...before.cards, pendingTopups: before.cards.pendingTopups + 1 });

    // The periodic job's recount: today's new rows are in.
    expect((await refreshAdminStats(app.db)).changed).toBe(true);
    const after = await cards();
    expect(after.cards).toMatchObject({
      totalTrades: before.cards.totalTrades + 1,
      winTrades: before.cards.winTrades + 1,
      pendingTopups: before.cards.pendingTopups + 1,
    });
    expect(after.devices.mobile).toBe(before.devices.mobile + 1);
    // Nothing new: the same counts, and the job has nothing to announce.
    expect((await refreshAdminStats(app.db)).changed).toBe(false);
  });

  it('recounts a closed day only when asked to rebuild', async () => {
    const app = isolated.app;
    const [, a] = users as [TestUser, TestUser];
    const before = await cards();
    // A row stamped long ago but written now (an import): its day was already final.
    await insertTrade(a.id, { account: 'real', status: 'lost', settledDaysAgo: 20 });
    await refreshAdminStats(app.db);
    expect((await cards()).cards.lossTrades).toBe(before.cards.lossTrades);
    // The running count is not per day: the new trade is in the total only as a settled one.
    await refreshAdminStats(app.db, true);
    expect((await cards()).cards).toMatchObject({
      lossTrades: before.cards.lossTrades + 1,
      totalTrades: before.cards.totalTrades + 1,
    });
  });
});
