import { checkLedgerInvariants, responsibleTrading, settleTrade } from '@app/db';
import { DISCLOSURE_VERSION, MSG, type ResponsibleTrading, type Trade } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, createUser, suffix, type TestUser } from '../../test/helpers.ts';
import {
  balancesOf,
  buildTradingApp,
  fund,
  placeRequest,
  setTick,
  type TradingApp,
} from '../../test/trade-fixtures.ts';
import { aPng, multipartOf, postTopup, requestTopup } from '../topups/topups.fixtures.ts';
import { BANK, withdraw } from '../withdrawals/withdrawals.fixtures.ts';

let t: TradingApp;
let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTradingApp('limits', { voucherDir: `/tmp/vouchers-limits-${suffix()}` });
  app = t.app;
  admin = await createUser(app, { role: 'admin' });
});
beforeEach(async () => {
  await setTick(t.prefix, 'BTC', 65_000.5);
});
afterEach(async () => {
  expect(await checkLedgerInvariants(app.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const trade = (token: string, amount: number, account: 'real' | 'practice' = 'real') =>
  placeRequest(app, token, { amount, settingId: t.settings.s60, symbol: 'BTC', direction: 'up', account });

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> });

async function settings(token: string): Promise<ResponsibleTrading> {
  const res = await call(token, 'GET', '/api/user/me/limits');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setLimits(
  token: string,
  dailyLossLimit: number | null,
  dailyDepositLimit: number | null = null,
) {
  const res = await call(token, 'PUT', '/api/user/me/limits', { dailyLossLimit, dailyDepositLimit });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { settings: ResponsibleTrading }).settings;
}

async function fundedUser(rupees = 1000, opts: { disclosure?: boolean } = {}) {
  const user = await createUser(app, opts);
  await fund(app, user.id, rupees);
  return user;
}

const topup = async (token: string, amount: string) =>
  postTopup(app, token, await multipartOf({ amount, currency: 'INR', voucher: aPng() }));

const approve = (id: string) => call(admin.token, 'PUT', `/api/topups/${id}/approve`);

describe('the risk disclosure', () => {
  it('gates real trades, top-ups and withdrawals until accepted, and never practice', async () => {
    const user = await fundedUser(1000, { disclosure: false });
    const refusals = [
      await trade(user.token, 10),
      await topup(user.token, '100'),
      await withdraw(app, user.token, { amount: 10, method: 'bank', ...BANK }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.disclosureRequired, code: 'disclosure_required' });
    }
    expect(await balancesOf(app, user.id)).toEqual({ real: 1000, practice: 100_000 });
    expect((await trade(user.token, 10, 'practice')).statusCode).toBe(201);

    const outdated = await call(user.token, 'POST', '/api/user/me/disclosure', {
      version: DISCLOSURE_VERSION + 1,
    });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().message).toBe(MSG.disclosureOutdated);

    const accepted = await call(user.token, 'POST', '/api/user/me/disclosure', {
      version: DISCLOSURE_VERSION,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const first = accepted.json().settings.disclosure;
    expect(first).toMatchObject({ acceptedVersion: DISCLOSURE_VERSION, currentVersion: DISCLOSURE_VERSION });
    expect(first.acceptedAt).toEqual(expect.any(String));
    // Accepted once: a repeat keeps the first time.
    const again = await call(user.token, 'POST', '/api/user/me/disclosure', { version: DISCLOSURE_VERSION });
    expect(again.json().settings.disclosure.acceptedAt).toBe(first.acceptedAt);

    expect((await trade(user.token, 10)).statusCode).toBe(201);
    expect((await topup(user.token, '100')).statusCode).toBe(201);
    expect((await withdraw(app, user.token, { amount: 10, method: 'bank', ...BANK })).statusCode).toBe(201);
  });

  it('refuses a body that is not a version', async () => {
    const user = await createUser(app, { disclosure: false });
    for (const payload of [{}, { version: '1' }, { version: 1, extra: true }]) {
      expect((await call(user.token, 'POST', '/api/user/me/disclosure', payload)).statusCode).toBe(400);
    }
  });
});

describe('the daily loss limit', () => {
  it('refuses a real trade that would take the day’s loss above it; practice is not limited', async () => {
    const user = await fundedUser(1000);
    expect((await setLimits(user.token, 100)).dailyLossLimit).toMatchObject({ current: 100, pending: null });
    expect((await trade(user.token, 60)).statusCode).toBe(201);
    const refused = await trade(user.token, 50);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'daily_loss_limit' });
    expect(refused.json().message).toContain(MSG.dailyLossLimitReached);
    expect((await trade(user.token, 40)).statusCode).toBe(201);
    expect((await trade(user.token, 500, 'practice')).statusCode).toBe(201);
    expect(await balancesOf(app, user.id)).toEqual({ real: 900, practice: 99_500 });
    expect((await settings(user.token)).dailyLossLimit.usedToday).toBe(100);
  });

  it('lets exactly the placements that fit through when they race at the limit', async () => {
    const user = await fundedUser(1000);
    await setLimits(user.token, 100);
    const answers = await Promise.all(Array.from({ length: 10 }, () => trade(user.token, 30)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(7);
    expect(await balancesOf(app, user.id)).toMatchObject({ real: 910 });
  });

  it('counts a settled trade’s refund back: the day’s loss is stakes less what came back', async () => {
    const user = await fundedUser(1000);
    await setLimits(user.token, 100);
    const res = await trade(user.token, 100);
    const placed: Trade = res.json().trade;
    expect((await trade(user.token, 1)).statusCode).toBe(400);
    // No price was archived at expiry: the trade is voided and its stake refunded.
    await settleTrade(app.db, placed.id, {
      staleAfterMs: 1000,
      now: new Date(Date.parse(placed.expiresAt) + 2000),
    });
    expect((await settings(user.token)).dailyLossLimit.usedToday).toBe(0);
    expect((await trade(user.token, 100)).statusCode).toBe(201);
  });

  it('applies a lower limit at once and a higher one or its removal only after 24 hours', async () => {
    const user = await fundedUser(1000);
    await setLimits(user.token, 100);
    expect((await setLimits(user.token, 50)).dailyLossLimit).toMatchObject({ current: 50, pending: null });
    expect((await trade(user.token, 60)).statusCode).toBe(400);

    const raised = (await setLimits(user.token, 200)).dailyLossLimit;
    expect(raised.current).toBe(50);
    expect(raised.pending?.value).toBe(200);
    const wait = Date.parse(raised.pending?.appliesAt ?? '') - Date.now();
    expect(wait).toBeGreaterThan(23 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await trade(user.token, 60)).statusCode).toBe(400);

    // A day later: the stored time of the raise has passed.
    await app.db
      .update(responsibleTrading)
      .set({ dailyLossLimitPendingFrom: sql`now() - interval '1 second'` })
      .where(eq(responsibleTrading.userId, user.id));
    expect((await settings(user.token)).dailyLossLimit).toMatchObject({ current: 200, pending: null });
    expect((await trade(user.token, 60)).statusCode).toBe(201);

    const removed = (await setLimits(user.token, null)).dailyLossLimit;
    expect(removed).toMatchObject({ current: 200, pending: { value: null } });
    expect((await trade(user.token, 150)).statusCode).toBe(400);
    await app.db
      .update(responsibleTrading)
      .set({ dailyLossLimitPendingFrom: sql`now() - interval '1 second'` })
      .where(eq(responsibleTrading.userId, user.id));
    expect((await settings(user.token)).dailyLossLimit.current).toBeNull();
    expect((await trade(user.token, 150)).statusCode).toBe(201);
  });

  it('refuses a limit that is not an amount, and a body without both limits', async () => {
    const user = await createUser(app);
    for (const payload of [
      { dailyLossLimit: 0, dailyDepositLimit: null },
      { dailyLossLimit: 'x', dailyDepositLimit: null },
    ]) {
      const res = await call(user.token, 'PUT', '/api/user/me/limits', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.dailyLimitInvalid);
    }
    expect((await call(user.token, 'PUT', '/api/user/me/limits', { dailyLossLimit: 10 })).statusCode).toBe(
      400,
    );
  });
});

describe('the daily deposit limit', () => {
  it('counts the day’s pending and approved top-ups at the request, and is checked again at approval', async () => {
    const user = await createUser(app);
    await setLimits(user.token, null, 1000);
    const first = await requestTopup(app, user.token, '600');
    const above = await topup(user.token, '500');
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'daily_deposit_limit' });
    expect(above.json().message).toContain(MSG.dailyDepositLimitReached);
    const second = await requestTopup(app, user.token, '400');

    // Lowered after the requests: the money moves at approval, under the limit in force then.
    await setLimits(user.token, null, 500);
    const refused = await approve(first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.topupAboveDepositLimit);
    expect((await approve(second.id)).statusCode).toBe(200);
    expect(await balancesOf(app, user.id)).toMatchObject({ real: 400 });
    expect((await settings(user.token)).dailyDepositLimit).toMatchObject({ current: 500, usedToday: 1000 });
  });
});

describe('the daily deposit limit under concurrent requests', () => {
  it('lets exactly the top-up requests that fit through when they race at the limit', async () => {
    const user = await createUser(app);
    await setLimits(user.token, null, 1000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => topup(user.token, '300')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(3);
    expect((await settings(user.token)).dailyDepositLimit.usedToday).toBe(900);
  });
});

describe('cool-off and self-exclusion', () => {
  it('a cool-off stops real trades and top-ups, not withdrawals, practice or the settlement of running trades', async () => {
    const user = await fundedUser(1000);
    const pending = await requestTopup(app, user.token, '100');
    const running: Trade = (await trade(user.token, 100)).json().trade;

    const started = await call(user.token, 'POST', '/api/user/me/cool-off', { hours: 24 });
    expect(started.statusCode, started.body).toBe(200);
    const until = Date.parse(started.json().settings.coolOffUntil);
    expect(until - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const refused = await trade(user.token, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'cooling_off' });
    expect(refused.json().message).toContain(MSG.coolingOff);
    expect((await topup(user.token, '100')).json()).toMatchObject({ code: 'cooling_off' });
    const approval = await approve(pending.id);
    expect(approval.statusCode).toBe(409);
    expect(approval.json().message).toBe(MSG.topupUserExcluded);
    expect((await trade(user.token, 10, 'practice')).statusCode).toBe(201);
    const w = await withdraw(app, user.token, { amount: 100, method: 'bank', ...BANK });
    expect(w.statusCode, w.body).toBe(201);

    const settled = await settleTrade(app.db, running.id, {
      staleAfterMs: 1000,
      now: new Date(Date.parse(running.expiresAt) + 2000),
    });
    expect(settled).toMatchObject({ changed: true, trade: { status: 'void' } });
    expect((await balancesOf(app, user.id)).real).toBe(900);

    // A shorter cool-off asked for later does not shorten the running one.
    const shorter = await call(user.token, 'POST', '/api/user/me/cool-off', { hours: 24 });
    expect(Date.parse(shorter.json().settings.coolOffUntil)).toBeGreaterThanOrEqual(until);
    for (const hours of [23, 1009, 24.5]) {
      const res = await call(user.token, 'POST', '/api/user/me/cool-off', { hours });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.coolOffInvalid);
    }
  });

  it('a self-exclusion refuses real trades; an admin sees it and cannot shorten it', async () => {
    const user = await fundedUser(1000);
    expect((await call(user.token, 'POST', '/api/user/me/self-exclusion', { months: 5 })).statusCode).toBe(
      400,
    );
    const res = await call(user.token, 'POST', '/api/user/me/self-exclusion', { months: 12 });
    expect(res.statusCode, res.body).toBe(200);
    const until: string = res.json().settings.selfExcludedUntil;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(360 * 86_400_000);

    const refused = await trade(user.token, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'self_excluded' });
    expect((await topup(user.token, '100')).json()).toMatchObject({ code: 'self_excluded' });
    expect((await trade(user.token, 10, 'practice')).statusCode).toBe(201);

    const detail = await call(admin.token, 'GET', `/api/admin/users/${user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().user.responsibleTrading).toMatchObject({
      selfExcludedUntil: until,
      coolOffUntil: null,
    });

    for (const payload of [{ selfExcludedUntil: null }, { coolOffUntil: null }, { responsibleTrading: {} }]) {
      const edit = await call(admin.token, 'PUT', `/api/admin/users/${user.id}`, payload);
      expect(edit.statusCode).toBe(400);
    }
    // A shorter one asked for later, or a cool-off, keeps the end where it was.
    await call(user.token, 'POST', '/api/user/me/self-exclusion', { months: 6 });
    await call(user.token, 'POST', '/api/user/me/cool-off', { hours: 24 });
    expect((await settings(user.token)).selfExcludedUntil).toBe(until);
    expect((await trade(user.token, 10)).statusCode).toBe(403);
  });
});
