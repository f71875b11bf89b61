import { createHmac } from 'node:crypto';
import { MSG, rooms, SESSION_ENDED_MESSAGES, type SessionEndedEvent } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  auth,
  buildTestApp,
  createUser,
  suffix,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/helpers.ts';
import { type ClientSocket, client, connect, listen, next, record } from '../../test/socket-client.ts';

/**
 * Ending a user's sessions, through the routes that do it, seen by real socket.io clients on
 * two gateways of one deployment (one Redis prefix).
 */

let appA: FastifyInstance;
let appB: FastifyInstance;
let urlA: string;
let urlB: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  const redisPrefix = `${inject('redisPrefix')}sessions-${suffix()}:`;
  appA = await buildTestApp({ redisPrefix });
  appB = await buildTestApp({ redisPrefix });
  urlA = await listen(appA);
  urlB = await listen(appB);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await appA?.close();
  await appB?.close();
});

async function open(url: string, token?: string): Promise<ClientSocket> {
  const s = client(url, token);
  sockets.push(s);
  return connect(s);
}

/** What a socket sees when its session ends: the event, then the disconnect. */
function ending(s: ClientSocket, ms: number): Promise<{ event: SessionEndedEvent; reason: string }> {
  const event = next(s, 'session:ended', ms);
  const disconnected = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no disconnect within ${ms} ms`)), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
  return Promise.all([event, disconnected]).then(([e, reason]) => ({ event: e, reason }));
}

/** The connect_error a handshake with `token` gets, or an error when it is accepted. */
async function refusal(url: string, token: string): Promise<string> {
  const s = client(url, token);
  sockets.push(s);
  try {
    await connect(s);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the connection was accepted');
}

let markers = 0;
/** The socket is still connected and still gets what is sent to its user's room. */
async function stillSignedIn(s: ClientSocket, app: FastifyInstance, userId: string) {
  expect(s.connected).toBe(true);
  markers += 1;
  const marker = { source: 'binance' as const, state: 'live' as const, simulated: false, since: markers };
  // Not the feed status every socket gets on connect: this one.
  const seen = record(s, 'feed:status');
  app.io.to(rooms.user(userId)).emit('feed:status', marker);
  await vi.waitFor(() => expect(seen).toContainEqual(marker));
}

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });

describe('PUT /api/auth/change-password', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([createUser(appA), createUser(appA)]);
  });

  it("disconnects the user's open sockets on every gateway with the reason, and no one else's", async () => {
    const [onA, onB, bobs] = await Promise.all([
      open(urlA, alice.token),
      open(urlB, alice.token),
      open(urlB, bob.token),
    ]);
    const endings = [ending(onA, 5_000), ending(onB, 5_000)];

    const res = await appA.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: auth(alice.token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-secret-9' },
    });
    expect(res.statusCode).toBe(200);
    const answeredAt = Date.now();
    const { message, token } = res.json() as { message: string; token: string };
    expect(message).toBe(MSG.passwordChanged);

    const ended = await Promise.all(endings);
    // Within a second of the answer (the announce follows the commit, before the answer).
    expect(Date.now() - answeredAt).toBeLessThan(1_000);
    for (const { event, reason } of ended) {
      expect(event).toEqual({ reason: 'password_changed', message: SESSION_ENDED_MESSAGES.password_changed });
      expect(reason).toBe('io server disconnect');
    }

    // The old token is refused everywhere; the answer's token keeps this device signed in.
    expect(await refusal(urlA, alice.token)).toBe(MSG.sessionExpired);
    expect(await refusal(urlB, alice.token)).toBe(MSG.sessionExpired);
    expect((await me(appB, alice.token)).statusCode).toBe(401);
    expect((await me(appB, token)).statusCode).toBe(200);
    await stillSignedIn(await open(urlB, token), appA, alice.id);

    await stillSignedIn(bobs, appA, bob.id);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every session of the caller, this one too, and leaves other users signed in', async () => {
    const [carol, dave] = await Promise.all([createUser(appA), createUser(appA)]);
    const [onA, onB, daves] = await Promise.all([
      open(urlA, carol.token),
      open(urlB, carol.token),
      open(urlA, dave.token),
    ]);
    const endings = [ending(onA, 5_000), ending(onB, 5_000)];

    const res = await appB.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: auth(carol.token),
    });
    expect(res.statusCode).toBe(200);
    const answeredAt = Date.now();
    expect(res.json()).toEqual({ message: MSG.sessionEndedEverywhere });

    for (const { event } of await Promise.all(endings)) {
      expect(event).toEqual({
        reason: 'logged_out_everywhere',
        message: SESSION_ENDED_MESSAGES.logged_out_everywhere,
      });
    }
    expect(Date.now() - answeredAt).toBeLessThan(1_000);

    expect((await me(appA, carol.token)).statusCode).toBe(401);
    expect(await refusal(urlA, carol.token)).toBe(MSG.sessionExpired);
    expect((await me(appA, dave.token)).statusCode).toBe(200);
    await stillSignedIn(daves, appB, dave.id);
  });

  it('takes an empty object, refuses anything in it, and needs a valid token', async () => {
    const erin = await createUser(appA);
    const post = (payload: unknown, headers: Record<string, string> = auth(erin.token)) =>
      appA.inject({ method: 'POST', url: '/api/auth/logout-all', headers, payload: payload as object });
    expect((await post({ everywhere: true })).statusCode).toBe(400);
    expect((await me(appA, erin.token)).statusCode).toBe(200);
    expect((await post(undefined, {})).statusCode).toBe(401);
    expect((await post({})).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(401);
  });
});

describe('a socket joins its private rooms only with a token that still holds', () => {
  it('is disconnected when its session ended between its handshake and its joining the rooms', async () => {
    const frank = await createUser(appA);
    const sessionUser = appB.sessionUser;
    // Gateway B's handshake reads the session; before the socket joins its rooms the session
    // ends on gateway A, whose announce B handles while the socket is not in the room yet (a
    // round trip from B through the adapter comes back after it). The join must not stand.
    appB.sessionUser = async (token) => {
      const user = await sessionUser(token);
      if (user.id === frank.id) {
        appB.sessionUser = sessionUser;
        const announce = await appA.sessions.end(appA.db, frank.id);
        announce('logged_out_everywhere');
        await appB.io.fetchSockets();
      }
      return user;
    };
    try {
      const s = client(urlB, frank.token);
      sockets.push(s);
      const ended = record(s, 'session:ended');
      const disconnected = new Promise<string>((resolve) => s.once('disconnect', resolve));
      await connect(s);
      expect(await disconnected).toBe('io server disconnect');
      expect(ended).toEqual([]);
      // Nothing for the user reaches a socket of the old session.
      expect((await appA.io.in(rooms.user(frank.id)).fetchSockets()).length).toBe(0);
    } finally {
      appB.sessionUser = sessionUser;
    }
    expect(await refusal(urlB, frank.token)).toBe(MSG.sessionExpired);
  });

  it('is disconnected when its token expires while it is connected', async () => {
    const grace = await createUser(appA);
    const now = Math.floor(Date.now() / 1000);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: grace.id, role: 'user', tv: 0, iat: now, exp: now + 2 })}`;
    const token = `${unsigned}.${createHmac('sha256', TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
    const s = await open(urlB, token);
    await stillSignedIn(s, appA, grace.id);
    const reason = await new Promise<string>((resolve) => s.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect(Date.now()).toBeGreaterThanOrEqual((now + 2) * 1000);
    expect(await refusal(urlB, token)).toBe(MSG.sessionExpired);
  });
});

describe('app.sessions.end', () => {
  it('ends nothing when the transaction rolls back', async () => {
    const heidi = await createUser(appA);
    const s = await open(urlA, heidi.token);
    await expect(
      appA.db.transaction(async (tx) => {
        await appA.sessions.end(tx, heidi.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await me(appA, heidi.token)).statusCode).toBe(200);
    await stillSignedIn(s, appB, heidi.id);
  });
});
