import { notifications } from '@app/db';
import type { Trade } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, type TestUser } from '../../test/helpers.ts';
import { connected, listen, next } from '../../test/socket-client.ts';
import { buildTradingApp, fund, placeRequest, setTick, type TradingApp } from '../../test/trade-fixtures.ts';

/** INTEGRITY §4: an admin's cancellation of a running trade is notified to its owner. */
let t: TradingApp;
let app: FastifyInstance;
let admin: TestUser;
let url: string;

beforeAll(async () => {
  t = await buildTradingApp('notify-cancel');
  app = t.app;
  admin = await createUser(app, { role: 'admin' });
  url = await listen(app);
  await setTick(t.prefix, 'BTC', 65_000);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/trades/:id/cancel', () => {
  it('notifies the trade’s owner with the pair, the refund and the reason, live and stored', async () => {
    const user = await createUser(app);
    await fund(app, user.id, 1000);
    const placed = await placeRequest(app, user.token, {
      amount: 250,
      settingId: t.settings.s60,
      symbol: 'BTC',
      direction: 'up',
      account: 'real',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const trade: Trade = placed.json().trade;

    const socket = await connected(url, user.token);
    try {
      const told = next(socket, 'notification');
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/trades/${trade.id}/cancel`,
        headers: auth(admin.token),
        payload: { reason: 'Feed incident' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const event = await told;
      expect(event.unread).toBe(1);
      expect(event.notification).toMatchObject({
        type: 'system',
        title: 'Trade cancelled',
        read: false,
        data: { tradeId: trade.id, reason: 'Feed incident' },
      });
      expect(event.notification.body).toContain('BTC/INR');
      expect(event.notification.body).toContain('250.00');
      expect(event.notification.body).toContain('Feed incident');
    } finally {
      socket.disconnect();
    }

    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(1);
    const listed = await app.inject({ method: 'GET', url: '/api/notifications', headers: auth(user.token) });
    expect(listed.json().items[0]).toMatchObject({ title: 'Trade cancelled', data: { tradeId: trade.id } });
  });

  it('writes no notification when the cancellation is refused', async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/trades/00000000-0000-4000-8000-000000000000/cancel',
      headers: auth(admin.token),
      payload: { reason: 'Feed incident' },
    });
    expect(res.statusCode).toBe(404);
    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(0);
  });
});
