import { auditLog, trades } from '@app/db';
import { MSG, type TradeSetting } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, createUser, type TestUser } from '../../test/helpers.ts';
import { buildTradingApp, fund, placeRequest, setTick, type TradingApp } from '../../test/trade-fixtures.ts';

let t: TradingApp;
let app: FastifyInstance;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await buildTradingApp('trade-settings');
  app = t.app;
  [admin, user] = [await createUser(app, { role: 'admin' }), await createUser(app)];
});
afterAll(async () => {
  await t.close();
});

const list = async (): Promise<TradeSetting[]> =>
  (await app.inject({ method: 'GET', url: '/api/trade-setting' })).json().data;

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: auth(token), payload });

const auditOf = (action: string, id: number) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

describe('GET /api/trade-setting', () => {
  it('lists the durations shortest first with their payout, to anyone', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/trade-setting' });
    expect(anonymous.statusCode).toBe(200);
    const withToken = await app.inject({
      method: 'GET',
      url: '/api/trade-setting',
      headers: auth(user.token),
    });
    expect(withToken.json()).toEqual(anonymous.json());
    expect(anonymous.json().data).toEqual([
      { id: t.settings.s20, time: 20, unit: 'Seconds', seconds: 20, payoutPercent: 20 },
      { id: t.settings.s40, time: 40, unit: 'Seconds', seconds: 40, payoutPercent: 40 },
      { id: t.settings.s60, time: 60, unit: 'Seconds', seconds: 60, payoutPercent: 60 },
    ]);
  });
});

describe('admin writes', () => {
  it('adds, edits and deletes a setting, answering the new list and auditing each change', async () => {
    const created = await write('POST', '/api/trade-setting', admin.token, { time: 2, unit: 'Minutes' });
    expect(created.statusCode).toBe(201);
    const afterCreate: TradeSetting[] = created.json().data;
    const added = afterCreate.find((s) => s.unit === 'Minutes');
    // The spec's rule when no payout is given: the percentage is the setting's value itself.
    expect(added).toMatchObject({ time: 2, unit: 'Minutes', seconds: 120, payoutPercent: 2 });
    if (!added) throw new Error('not added');
    expect(afterCreate.map((s) => s.seconds)).toEqual([20, 40, 60, 120]);
    expect(await auditOf('trade_setting.create', added.id)).toHaveLength(1);

    const edited = await write('PUT', `/api/trade-setting/${added.id}`, admin.token, {
      time: '30',
      unit: 'Seconds',
      payoutPercent: 35,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.map((s: TradeSetting) => s.seconds)).toEqual([20, 30, 40, 60]);
    expect(edited.json().data[1]).toEqual({
      id: added.id,
      time: 30,
      unit: 'Seconds',
      seconds: 30,
      payoutPercent: 35,
    });
    const keeps = await write('PUT', `/api/trade-setting/${added.id}`, admin.token, {
      time: 1,
      unit: 'Hours',
    });
    expect(keeps.json().data.at(-1)).toMatchObject({ id: added.id, seconds: 3600, payoutPercent: 35 });
    const [editAudit] = await auditOf('trade_setting.update', added.id);
    expect(editAudit).toMatchObject({ actorId: admin.id });
    expect(editAudit?.before).toMatchObject({ time: 2, unit: 'Minutes' });
    expect(editAudit?.after).toMatchObject({ time: 30, unit: 'Seconds', payoutPercent: 35 });

    const deleted = await write('DELETE', `/api/trade-setting/${added.id}`, admin.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.map((s: TradeSetting) => s.id)).not.toContain(added.id);
    expect(await auditOf('trade_setting.delete', added.id)).toHaveLength(1);
    expect(await list()).toEqual(deleted.json().data);
  });

  it.each([
    [{ time: 0, unit: 'Seconds' }],
    [{ time: -5, unit: 'Seconds' }],
    [{ time: 1.5, unit: 'Seconds' }],
    [{ time: 'abc', unit: 'Seconds' }],
    [{ unit: 'Seconds' }],
    [{ time: 10, unit: 'Days' }],
    [{ time: 10, unit: 'Seconds', payoutPercent: 0 }],
    [{ time: '0x10', unit: 'Seconds' }],
    [{ time: '1e1', unit: 'Seconds' }],
    [{ time: 10, unit: 'Seconds', payoutPercent: ' 50' }],
    [{}],
  ])('refuses %o with "Invalid input"', async (payload) => {
    const before = await list();
    const res = await write('POST', '/api/trade-setting', admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidInput);
    const edit = await write('PUT', `/api/trade-setting/${t.settings.s20}`, admin.token, payload);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(MSG.invalidInput);
    expect(await list()).toEqual(before);
  });

  it('answers 404 for a setting that does not exist, and for an id not plainly written', async () => {
    const before = await list();
    const id = t.settings.s20;
    for (const bad of [
      '999999',
      'abc',
      '0',
      `0${id}`,
      `0x${id.toString(16)}`,
      `${id}e0`,
      `+${id}`,
      `${id}.0`,
    ]) {
      const path = `/api/trade-setting/${encodeURIComponent(bad)}`;
      expect((await write('PUT', path, admin.token, { time: 5 })).statusCode, bad).toBe(404);
      expect((await write('DELETE', path, admin.token)).statusCode, bad).toBe(404);
    }
    expect(await list()).toEqual(before);
  });

  it('is refused to users, changing nothing', async () => {
    const before = await list();
    const attempts = [
      await write('POST', '/api/trade-setting', user.token, { time: 5, unit: 'Seconds' }),
      await write('PUT', `/api/trade-setting/${t.settings.s20}`, user.token, { time: 5 }),
      await write('DELETE', `/api/trade-setting/${t.settings.s20}`, user.token),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    expect(await list()).toEqual(before);
  });

  it('never changes a running trade: it keeps the terms it copied when the setting goes', async () => {
    const created = await write('POST', '/api/trade-setting', admin.token, {
      time: 45,
      unit: 'Seconds',
      payoutPercent: 80,
    });
    const setting = (created.json().data as TradeSetting[]).find((s) => s.seconds === 45);
    if (!setting) throw new Error('not created');
    await setTick(t.prefix, 'BTC', 65_000);
    const trader = await createUser(app);
    await fund(app, trader.id, 100);
    const placed = await placeRequest(app, trader.token, {
      amount: 10,
      settingId: setting.id,
      symbol: 'BTC',
      direction: 'up',
    });
    expect(placed.statusCode).toBe(201);
    const tradeId: string = placed.json().trade.id;

    await write('PUT', `/api/trade-setting/${setting.id}`, admin.token, { time: 5, payoutPercent: 5 });
    const deleted = await write('DELETE', `/api/trade-setting/${setting.id}`, admin.token);
    expect(deleted.statusCode).toBe(200);

    const [row] = await app.db.select().from(trades).where(eq(trades.id, tradeId));
    expect(row).toMatchObject({ status: 'running', durationSeconds: 45, payoutPercent: 80, settingId: null });
    const read = await app.inject({
      method: 'GET',
      url: `/api/trades/${tradeId}`,
      headers: auth(trader.token),
    });
    expect(read.json().trade).toMatchObject({ durationSeconds: 45, payoutPercent: 80, status: 'running' });
    const gone = await placeRequest(app, trader.token, {
      amount: 10,
      settingId: setting.id,
      symbol: 'BTC',
      direction: 'up',
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe(MSG.tradeSettingUnknown);
  });

  it('refuses a setting another gateway deleted a moment ago (placement caches the list for 1 s)', async () => {
    const other = await buildTestApp({ databaseUrl: t.databaseUrl, redisPrefix: t.prefix });
    try {
      const created = await write('POST', '/api/trade-setting', admin.token, { time: 25, payoutPercent: 30 });
      const setting = (created.json().data as TradeSetting[]).find((s) => s.seconds === 25);
      if (!setting) throw new Error('not created');
      await setTick(t.prefix, 'BTC', 65_000);
      const trader = await createUser(app);
      await fund(app, trader.id, 100);
      const order = { amount: 10, settingId: setting.id, symbol: 'BTC', direction: 'up' };
      // This gateway now has the setting in its cached list...
      expect((await placeRequest(app, trader.token, order)).statusCode).toBe(201);
      // ...which another gateway deletes.
      const deleted = await other.inject({
        method: 'DELETE',
        url: `/api/trade-setting/${setting.id}`,
        headers: auth(admin.token),
      });
      expect(deleted.statusCode).toBe(200);
      const refused = await placeRequest(app, trader.token, order);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MSG.tradeSettingUnknown);
      expect(
        (
          await app.inject({ method: 'GET', url: '/api/user/me/balances', headers: auth(trader.token) })
        ).json(),
      ).toEqual({ balances: { real: 90, practice: 100_000 } });
    } finally {
      await other.close();
    }
  });
});
