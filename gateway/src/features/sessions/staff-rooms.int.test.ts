import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type AdminCardsResponse, MSG, type RiskExposure, rooms, SESSION_ENDED_MESSAGES } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  auth,
  buildTestApp,
  createUser,
  signIn,
  suffix,
  type TestUser,
  totpCode,
  turnOnTwoFactor,
} from '../../test/helpers.ts';
import { type ClientSocket, client, connect, listen, next } from '../../test/socket-client.ts';

/**
 * Sessions follow two-factor sign-in: staff sockets are in the staff rooms only while the
 * staff capability holds, and turning two-factor on ends the sessions opened without it. Real
 * socket.io clients on two gateways of one deployment (one Redis prefix); sessions are cached
 * as in production, so a REST refusal proves the cached check was dropped.
 */

const redisPrefix = `${inject('redisPrefix')}staff-${suffix()}:`;
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlA: string;
let urlB: string;
let root: TestUser;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  appA = await buildTestApp({ redisPrefix, sessionCacheMs: 60_000 });
  appB = await buildTestApp({ redisPrefix, sessionCacheMs: 60_000 });
  urlA = await listen(appA);
  urlB = await listen(appB);
  root = await createUser(appA, { role: 'superadmin' });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await appA?.close();
  await appB?.close();
});

async function open(url: string, token: string): Promise<ClientSocket> {
  const s = client(url, token);
  sockets.push(s);
  return connect(s);
}

const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: auth(token) });

const STAFF_EVENTS = ['ticket:new', 'admin:stats', 'admin:exposure'] as const;
let markers = 0;

/**
 * Sends every staff event (a real ticket opened, the dashboard's counts, the exposure), then
 * one event to each watched user's room: a room's messages arrive in order, so once that one
 * is in, a staff event that has not arrived never will. The staff events each socket got.
 */
async function staffEventsSeen(watched: Array<{ socket: ClientSocket; userId: string }>) {
  const seenBy = watched.map(({ socket }) => {
    const names = new Set<string>();
    for (const event of STAFF_EVENTS) socket.on(event, () => names.add(event));
    return names;
  });

  const user = await createUser(appA);
  const ticket = await appA.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: auth(user.token),
    payload: { subject: 'Where is my withdrawal', message: 'It has not arrived since yesterday.' },
  });
  expect(ticket.statusCode).toBe(201);
  const cards = (await get(appA, '/api/admin-stats/cards', root.token)).json() as AdminCardsResponse;
  const exposure = (await get(appA, '/api/admin/risk/exposure', root.token)).json() as RiskExposure;
  appA.io.to(rooms.admins()).emit('admin:stats', cards);
  appA.io.to(rooms.admins()).emit('admin:exposure', exposure);

  markers += 1;
  const marker = { source: 'binance' as const, state: 'live' as const, simulated: false, since: markers };
  const arrived = watched.map(({ socket }) => next(socket, 'feed:status'));
  for (const { userId } of watched) appA.io.to(rooms.user(userId)).emit('feed:status', marker);
  for (const status of await Promise.all(arrived)) expect(status).toEqual(marker);
  for (const { socket } of watched) for (const event of STAFF_EVENTS) socket.off(event);
  return seenBy.map((names) => [...names].sort());
}

/** A staff account with two-factor sign-in on, and a socket of it on each gateway. */
async function staffOnBothGateways() {
  const admin = await createUser(appA, { role: 'admin' });
  const watched = [
    { socket: await open(urlA, admin.token), userId: admin.id },
    { socket: await open(urlB, admin.token), userId: admin.id },
  ];
  // Cached on both gateways as allowed, so only a dropped cache can refuse it.
  for (const app of [appA, appB])
    expect((await get(app, '/api/admin-stats/cards', admin.token)).statusCode).toBe(200);
  expect(await staffEventsSeen(watched)).toEqual([[...STAFF_EVENTS].sort(), [...STAFF_EVENTS].sort()]);
  return { admin, watched };
}

describe('losing the staff capability takes every socket out of the staff rooms at once', () => {
  it('when the staff member turns two-factor sign-in off', async () => {
    const { admin, watched } = await staffOnBothGateways();
    const off = await appA.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: auth(admin.token),
      payload: { password: admin.password, code: totpCode(admin.totpSecret ?? '') },
    });
    expect(off.statusCode).toBe(200);

    expect(await staffEventsSeen(watched)).toEqual([[], []]);
    // Still signed in, as a user: only the staff rooms were left.
    for (const { socket } of watched) expect(socket.connected).toBe(true);
    for (const app of [appA, appB]) {
      const refused = await get(app, '/api/admin-stats/cards', admin.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.twoFactorSetupRequired);
    }
  });

  it('when `pnpm admin reset-2fa` removes it, though the command runs outside the gateways', async () => {
    const { admin, watched } = await staffOnBothGateways();
    const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'reset-2fa', admin.username],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: inject('databaseUrl'),
          REDIS_URL: inject('redisUrl'),
          REDIS_PREFIX: redisPrefix,
        },
      },
    );
    expect(stdout).toContain(`Two-factor sign-in removed for ${admin.username}`);

    // The command's messages reach the gateways through Redis, after it has exited.
    await vi.waitFor(async () => {
      for (const app of [appA, appB])
        expect((await get(app, '/api/admin-stats/cards', admin.token)).statusCode).toBe(403);
      const left = await appA.io.in(rooms.user(admin.id)).fetchSockets();
      expect(left.map((s) => s.rooms.has(rooms.admins()))).toEqual([false, false]);
    });
    expect(await staffEventsSeen(watched)).toEqual([[], []]);
    for (const { socket } of watched) expect(socket.connected).toBe(true);
  });

  it('when a superadmin takes the staff role away (the sessions end as well)', async () => {
    const { admin, watched } = await staffOnBothGateways();
    const ended = watched.map(({ socket }) => next(socket, 'session:ended'));
    const res = await appA.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: auth(root.token),
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    for (const event of await Promise.all(ended)) expect(event.reason).toBe('role_changed');
    await vi.waitFor(() => expect(watched.map(({ socket }) => socket.connected)).toEqual([false, false]));
    expect(
      (await appA.io.in(rooms.admins()).fetchSockets()).filter((s) => s.data.userId === admin.id),
    ).toEqual([]);
  });
});

describe('turning two-factor sign-in on', () => {
  it('ends the other sessions, as a password change does, and answers a token for this one', async () => {
    const admin = await createUser(appA, { role: 'admin', twoFactor: false });
    const other = await signIn(appA, admin);
    expect(other.statusCode).toBe(200);
    const otherToken = other.json().token as string;
    const otherSocket = await open(urlB, otherToken);
    const ended = next(otherSocket, 'session:ended');
    // Refused as staff so far, and cached so on gateway B.
    expect((await get(appB, '/api/admin-stats/cards', otherToken)).statusCode).toBe(403);

    const { token } = await turnOnTwoFactor(appA, admin.token);
    expect(await ended).toEqual({
      reason: 'two_factor_enabled',
      message: SESSION_ENDED_MESSAGES.two_factor_enabled,
    });
    await vi.waitFor(() => expect(otherSocket.connected).toBe(false));
    for (const app of [appA, appB]) {
      expect((await get(app, '/api/auth/me', otherToken)).statusCode).toBe(401);
      expect((await get(app, '/api/auth/me', admin.token)).statusCode).toBe(401);
      // The answer's token is a staff session now, and its socket gets the staff events.
      expect((await get(app, '/api/admin-stats/cards', token)).statusCode).toBe(200);
    }
    const socket = await open(urlB, token);
    expect(await staffEventsSeen([{ socket, userId: admin.id }])).toEqual([[...STAFF_EVENTS].sort()]);
  });
});
