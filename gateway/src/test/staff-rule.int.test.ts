import { users } from '@app/db';
import { rooms } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPng, multipartOf, postTopup } from '../features/topups/topups.fixtures.ts';
import { BANK, bankedUser, pendingWithdrawal } from '../features/withdrawals/withdrawals.fixtures.ts';
import { auth, createUser, type TestUser } from './helpers.ts';
import { type ClientSocket, connected, listen, next, record } from './socket-client.ts';
import { buildTradingApp, fund, newKey, placeRequest, setTick, type TradingApp } from './trade-fixtures.ts';

/**
 * The staff rule's inventory, read from the OpenAPI document as the fuzz test reads it: every
 * route's declared audience, and what a staff session without two-factor gets from each. Such
 * a session gets exactly what a user gets, on every route and in every socket room.
 */

let t: TradingApp;
let app: FastifyInstance;
let url: string;
let victim: TestUser;
let attacker: TestUser;
/** Staff roles without two-factor: no staff capability. */
let bareAdmin: TestUser;
let bareSuperadmin: TestUser;
/** Staff capability: proves each row aimed at is real and readable by staff. */
let staff: TestUser;
let superadmin: TestUser;
const records: { trade?: string; superTrade?: string; topup?: string; withdrawal?: string; ticket?: string } =
  {};

type Operation = { method: string; path: string; audience: unknown };
const AUDIENCES = ['public', 'user', 'both', 'staff', 'superadmin'];
let operations: Operation[] = [];

/**
 * The victim's record each `both` or `user` GET route with a path parameter is aimed at. A new
 * such route must be added here (the test says so), with a record of the victim's.
 */
const aimedAt = (): Record<string, string> => ({
  'GET /api/trades/{id}': `/api/trades/${records.trade}`,
  'GET /api/trade-log/user/{id}': `/api/trade-log/user/${victim.id}`,
  'GET /api/topups/{id}/voucher': `/api/topups/${records.topup}/voucher`,
  'GET /api/withdrawals/{id}': `/api/withdrawals/${records.withdrawal}`,
  'GET /api/tickets/{id}': `/api/tickets/${records.ticket}`,
});

const key = (o: Operation) => `${o.method} ${o.path}`;
/** A ticket the victim opens; its id. */
async function openTicket(subject: string, message: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: auth(victim.token),
    payload: { subject, message },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket.id;
}
const get = (path: string, token: string) => app.inject({ method: 'GET', url: path, headers: auth(token) });
/** A URL for a staff route: any value for its parameters, the audience is checked before them. */
const anyUrl = (path: string) => path.replace(/\{symbol\}|\{pair\}/g, 'BTC').replace(/\{[^}]+\}/g, victim.id);

beforeAll(async () => {
  t = await buildTradingApp('staff-rule');
  app = t.app;
  [victim, attacker, bareAdmin, bareSuperadmin, staff] = [
    await bankedUser(app, 1000),
    await createUser(app),
    await createUser(app, { role: 'admin', twoFactor: false }),
    await createUser(app, { role: 'superadmin', twoFactor: false }),
    await createUser(app, { role: 'admin' }),
  ];
  superadmin = await createUser(app, { role: 'superadmin' });
  await fund(app, superadmin.id, 1000);
  await setTick(t.prefix, 'BTC', 65_000);
  const trade = async (who: TestUser) => {
    const body = { amount: 100, settingId: t.settings.s60, symbol: 'BTC', direction: 'up', account: 'real' };
    const placed = await placeRequest(app, who.token, body);
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().trade.id as string;
  };
  records.trade = await trade(victim);
  records.superTrade = await trade(superadmin);
  const form = await multipartOf({ amount: '250', currency: 'INR', voucher: aPng() });
  const topup = await postTopup(app, victim.token, form, { 'idempotency-key': newKey() });
  expect(topup.statusCode, topup.body).toBe(201);
  records.topup = topup.json().topup.id;
  records.withdrawal = await pendingWithdrawal(app, victim, 100);
  records.ticket = await openTicket('My withdrawal', 'Where is my money?');

  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        audience: op['x-audience'],
      })),
  );
  url = await listen(app);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ofAudience = (...audiences: string[]) =>
  operations.filter((o) => audiences.includes(o.audience as string));

describe('the staff rule, route by route', () => {
  it('finds an audience declared on every route the API documents', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((o) => !AUDIENCES.includes(o.audience as string)).map(key)).toEqual([]);
    // Whatever else serves staff, the admin and superadmin areas do only.
    const areas = operations.filter((o) => /^\/api\/(admin|superadmin)\//.test(o.path));
    expect(areas.filter((o) => o.audience !== 'staff' && o.audience !== 'superadmin').map(key)).toEqual([]);
    expect(ofAudience('both').length).toBeGreaterThan(0);
  });

  it('refuses staff without two-factor on every staff and superadmin route', async () => {
    const refused = ofAudience('staff', 'superadmin');
    expect(refused.length).toBeGreaterThan(40);
    for (const op of refused) {
      for (const who of [bareAdmin, bareSuperadmin]) {
        const res = await app.inject({
          method: op.method as 'GET',
          url: anyUrl(op.path),
          headers: auth(who.token),
          payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${key(op)} as ${who.role} without two-factor: ${res.body}`).toBe(403);
      }
    }
  });

  it('gives staff without two-factor what a user gets from another account on every route that serves both', async () => {
    const both = ofAudience('both').filter((o) => o.method === 'GET');
    expect(both.map(key).sort()).toEqual(
      [...Object.keys(aimedAt()).filter((k) => k !== 'GET /api/tickets/{id}'), 'GET /api/trade-log'].sort(),
    );
    const urls: Record<string, string> = { ...aimedAt(), 'GET /api/trade-log': '/api/trade-log' };
    for (const op of both) {
      const path = urls[key(op)];
      if (!path) throw new Error(`${key(op)}: aim it at a record of the victim's in aimedAt`);
      // Staff with two-factor read the record: it is real, and readable by staff.
      expect((await get(path, staff.token)).statusCode, `${key(op)} as staff`).toBe(200);
      const asUser = await get(path, attacker.token);
      expect(asUser.statusCode, `${key(op)} as another user`).toBeGreaterThanOrEqual(400);
      for (const who of [bareAdmin, bareSuperadmin]) {
        const res = await get(path, who.token);
        expect(res.statusCode, `${key(op)} as ${who.role} without two-factor: ${res.body}`).toBe(
          asUser.statusCode,
        );
        expect(res.body).toBe(asUser.body.replace(asUser.json().requestId, res.json().requestId));
      }
    }
  });

  it("shows staff without two-factor nothing of another account's on the routes for users", async () => {
    const mine = ofAudience('user', 'both').filter((o) => o.method === 'GET');
    const aimed = aimedAt();
    for (const op of mine) {
      const path = op.path.includes('{') ? aimed[key(op)] : op.path;
      if (!path) throw new Error(`${key(op)}: aim it at a record of the victim's in aimedAt`);
      const asUser = await get(path, attacker.token);
      for (const who of [bareAdmin, bareSuperadmin]) {
        const res = await get(path, who.token);
        expect(res.statusCode, `${key(op)} as ${who.role} without two-factor: ${res.body}`).toBe(
          asUser.statusCode,
        );
        for (const secret of [victim.id, victim.username, BANK.bankAccountNumber])
          expect(res.body, `${key(op)} as ${who.role} without two-factor`).not.toContain(secret);
      }
    }
  });
});

describe('staff without two-factor', () => {
  it("read none of another account's money records, as a user reads none", async () => {
    const paths = [
      `/api/withdrawals/${records.withdrawal}`,
      `/api/topups/${records.topup}/voucher`,
      `/api/trades/${records.trade}`,
      `/api/trade-log/user/${victim.id}`,
      '/api/trade-log',
    ];
    for (const path of paths) {
      expect((await get(path, staff.token)).statusCode, `${path} as staff`).toBe(200);
      const asUser = (await get(path, attacker.token)).statusCode;
      expect([403, 404], `${path} as another user`).toContain(asUser);
      for (const who of [bareAdmin, bareSuperadmin])
        expect((await get(path, who.token)).statusCode, `${path} as ${who.role} without two-factor`).toBe(
          asUser,
        );
    }
  });
});

describe('the accounts a plain admin may see', () => {
  it("are user accounts only: a superadmin's wallet records, trades and trade log are refused", async () => {
    expect((await get(`/api/admin/users/${superadmin.id}`, staff.token)).statusCode).toBe(403);
    expect((await get(`/api/admin/wallet/transactions/${superadmin.id}`, staff.token)).statusCode).toBe(403);
    expect((await get(`/api/trade-log/user/${superadmin.id}`, staff.token)).statusCode).toBe(403);
    expect((await get(`/api/trades/${records.superTrade}`, staff.token)).statusCode).toBe(404);
    const log = await get('/api/trade-log?limit=50', staff.token);
    expect(log.statusCode).toBe(200);
    expect(log.body).not.toContain(superadmin.id);
    // A user account's are there, and a superadmin sees every account's.
    expect((await get(`/api/admin/wallet/transactions/${victim.id}`, staff.token)).statusCode).toBe(200);
    expect(log.body).toContain(victim.id);
    expect((await get(`/api/admin/wallet/transactions/${superadmin.id}`, superadmin.token)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/trade-log?limit=50`, superadmin.token)).body).toContain(superadmin.id);
  });
});

describe('the lists a plain admin reads', () => {
  it("hold no superadmin's top-ups or withdrawals, while a superadmin's lists do", async () => {
    await app.db.update(users).set(BANK).where(eq(users.id, superadmin.id));
    const withdrawal = await pendingWithdrawal(app, superadmin, 10);
    const form = await multipartOf({ amount: '250', currency: 'INR', voucher: aPng() });
    const topup = await postTopup(app, superadmin.token, form, { 'idempotency-key': newKey() });
    expect(topup.statusCode, topup.body).toBe(201);
    const topupId: string = topup.json().topup.id;
    const listed = async (token: string) => {
      const [topups, withdrawals] = await Promise.all([
        get('/api/topups?status=all&limit=50', token),
        get('/api/withdrawals?status=all&limit=50', token),
      ]);
      expect(topups.statusCode, topups.body).toBe(200);
      expect(withdrawals.statusCode, withdrawals.body).toBe(200);
      return {
        topups: topups.json().items.map((i: { id: string }) => i.id) as string[],
        withdrawals: withdrawals.json().items.map((i: { id: string }) => i.id) as string[],
      };
    };
    const plain = await listed(staff.token);
    expect(plain.topups).not.toContain(topupId);
    expect(plain.withdrawals).not.toContain(withdrawal);
    expect(plain.topups).toContain(records.topup);
    expect(plain.withdrawals).toContain(records.withdrawal);
    const full = await listed(superadmin.token);
    expect(full.topups).toContain(topupId);
    expect(full.withdrawals).toContain(withdrawal);
  });
});

describe('the staff rule, room by room', () => {
  const sockets: ClientSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.close();
  });
  const open = async (token: string) => {
    const socket = await connected(url, token);
    sockets.push(socket);
    return socket;
  };
  /** The rooms the gateway put a socket in, apart from its own id. */
  const roomsOf = async (socket: ClientSocket) => {
    const [found] = await app.io.in(socket.id ?? '').fetchSockets();
    return [...(found?.rooms ?? [])].filter((r) => r !== socket.id).sort();
  };

  it('joins staff without two-factor to no room a user is not in, and sends them no staff event', async () => {
    const control = await open(staff.token);
    await expect.poll(() => roomsOf(control)).toContain(rooms.admins());
    const bare = await Promise.all([open(bareAdmin.token), open(bareSuperadmin.token)]);
    const user = await open(attacker.token);
    await expect.poll(() => roomsOf(user)).toEqual([rooms.user(attacker.id)]);
    await expect.poll(() => roomsOf(bare[0]!)).toEqual([rooms.user(bareAdmin.id)]);
    await expect.poll(() => roomsOf(bare[1]!)).toEqual([rooms.user(bareSuperadmin.id)]);

    // Every event sent to the staff rooms reaches the staff socket and none of the bare ones.
    const events = ['ticket:new', 'admin:badges', 'admin:stats', 'admin:exposure'] as const;
    const seen = bare.flatMap((socket) => events.map((event) => record(socket, event)));
    const arrived = next(control, 'ticket:new');
    const ticket = await openTicket('Another question', 'About my top-up');
    expect((await arrived).ticket.id).toBe(ticket);
    const probe = next(control, 'admin:badges');
    app.io.to(rooms.admins()).emit('admin:badges', { topups: 0, withdrawals: 0 } as never);
    await probe;
    // A marker sent to each bare socket after the staff events: the staff events would be in before it.
    const markers = bare.map((socket) => next(socket, 'hold'));
    for (const who of [bareAdmin, bareSuperadmin]) app.io.to(rooms.user(who.id)).emit('hold', {} as never);
    await Promise.all(markers);
    expect(seen.flat()).toEqual([]);
  });
});
