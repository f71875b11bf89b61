import { settleTrade, trades } from '@app/db';
import { MSG } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser } from '../../test/helpers.ts';
import {
  balancesOf,
  buildTradingApp,
  fund,
  placeRequest,
  setTick,
  type TradingApp,
} from '../../test/trade-fixtures.ts';

let t: TradingApp;
beforeAll(async () => {
  t = await buildTradingApp('ban');
  await setTick(t.prefix, 'BTC', 65_000.5);
});
afterAll(async () => {
  await t.close();
});

describe('a ban and the trades already running', () => {
  it('refuses the banned user at once, and still settles their running trade', async () => {
    const { app } = t;
    const admin = await createUser(app, { role: 'admin' });
    const user = await createUser(app);
    await fund(app, user.id, 1000);
    const placed = await placeRequest(app, user.token, {
      amount: 100,
      settingId: t.settings.s20,
      symbol: 'BTC',
      direction: 'up',
      account: 'real',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const trade = placed.json().trade;
    expect(await balancesOf(app, user.id)).toMatchObject({ real: 900 });

    const ban = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/ban`,
      headers: auth(admin.token),
      payload: { reason: 'abuse' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json().message).toBe(MSG.userBanned);
    const again = await placeRequest(app, user.token, {
      amount: 100,
      settingId: t.settings.s20,
      symbol: 'BTC',
      direction: 'up',
      account: 'real',
    });
    expect(again.statusCode).toBe(401);

    // No archived price at expiry here: the trade settles as void and the stake comes back.
    await settleTrade(app.db, trade.id, {
      staleAfterMs: 1000,
      now: new Date(Date.parse(trade.expiresAt) + 2000),
    });
    const [row] = await app.db.select().from(trades).where(eq(trades.id, trade.id));
    expect(row?.status).toBe('void');
    expect(await balancesOf(app, user.id)).toMatchObject({ real: 1000 });
  });
});
