import { MSG } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SOCKET_LIMITS } from '../config.ts';
import { auth, buildTestApp, createUser } from '../test/helpers.ts';
import { type ClientSocket, client, connect, listen } from '../test/socket-client.ts';
import type { SocketLimits } from './socket-limits.ts';

/** What one client may do to a gateway: real socket.io clients against small limits. */

const apps: FastifyInstance[] = [];
const sockets: ClientSocket[] = [];

async function gateway(
  limits: Partial<SocketLimits>,
  trustProxy: boolean | number | string[] = false,
): Promise<string> {
  const app = await buildTestApp({ socketLimits: { ...DEFAULT_SOCKET_LIMITS, ...limits }, trustProxy });
  apps.push(app);
  return listen(app);
}

/** A websocket client that says it comes through a proxy for `forwardedFor`. */
function forwarded(url: string, forwardedFor: string): ClientSocket {
  const s: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    extraHeaders: { 'x-forwarded-for': forwardedFor },
  });
  sockets.push(s);
  return s;
}

function opened(s: ClientSocket): Promise<ClientSocket> {
  sockets.push(s);
  return connect(s);
}

/** Whether a handshake is accepted (the socket is left open) or refused. */
async function accepted(s: ClientSocket): Promise<boolean> {
  try {
    await connect(s);
    return true;
  } catch {
    return false;
  }
}

const disconnection = (s: ClientSocket) => new Promise<string>((resolve) => s.once('disconnect', resolve));

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe('client events per socket', () => {
  const limits = { eventsPerSecond: 1, eventBurst: 5, floodDisconnectAfter: 5 };

  /** Floods `flooder` until the server cuts it; the refusals it was answered before that. */
  async function flood(flooder: ClientSocket): Promise<unknown[]> {
    // Within the burst: answered by the handler.
    for (let i = 0; i < 5; i++) {
      expect(await flooder.timeout(5_000).emitWithAck('ticker:subscribe')).toMatchObject({ ok: true });
    }
    // Then refused by the limit, until the socket has used up its allowance of refusals and
    // is closed: the events after that get no answer at all.
    const closed = disconnection(flooder);
    const replies: unknown[] = [];
    for (let i = 0; i < 40; i++) flooder.emit('ticker:subscribe', (reply) => replies.push(reply));
    expect(await closed).toBe('io server disconnect');
    return replies.filter((r) => !(r as { ok: boolean }).ok);
  }

  /** The refusal a handshake got: its `data`, or undefined when it was accepted. */
  async function refusal(s: ClientSocket): Promise<unknown> {
    sockets.push(s);
    try {
      await connect(s);
      return undefined;
    } catch (error) {
      return (error as { data?: unknown }).data ?? 'refused';
    }
  }

  it('are answered with an error ack over the limit; an anonymous socket that keeps flooding is disconnected and anonymous sockets from its address wait', async () => {
    const app = await buildTestApp({ socketLimits: { ...DEFAULT_SOCKET_LIMITS, ...limits } });
    apps.push(app);
    const url = await listen(app);
    const flooder = await opened(client(url));
    const bystander = await opened(client(url));
    const refusals = await flood(flooder);
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    expect(refusals.length).toBeLessThan(35);
    for (const r of refusals) expect(r).toEqual({ ok: false, error: MSG.tooManySocketEvents });

    // Another socket of the same gateway is not affected.
    expect(await bystander.timeout(5_000).emitWithAck('ticker:subscribe')).toMatchObject({ ok: true });
    // The flooder's address may not come straight back anonymously with a fresh allowance...
    expect(await refusal(client(url))).toEqual({ statusCode: 429, message: MSG.tooManySocketEvents });
    // ...while a signed-in user behind the same address is not held back with it.
    const user = await createUser(app);
    expect(await refusal(client(url, user.token))).toBeUndefined();
  });

  it('a signed-in flooder is held back by user: its new sockets wait, still signed in, while another user from its address connects', async () => {
    const app = await buildTestApp({ socketLimits: { ...DEFAULT_SOCKET_LIMITS, ...limits } });
    apps.push(app);
    const url = await listen(app);
    const [flooderUser, neighbour] = [await createUser(app), await createUser(app)];
    await flood(await opened(client(url, flooderUser.token)));

    // Same address (127.0.0.1), at once: the neighbour and anonymous visitors connect.
    expect(await refusal(client(url, neighbour.token))).toBeUndefined();
    expect(await refusal(client(url))).toBeUndefined();
    // The flooder's user may not come back with a fresh allowance during the cool-down...
    expect(await refusal(client(url, flooderUser.token))).toEqual({
      statusCode: 429,
      message: MSG.tooManySocketEvents,
    });
    // ...but is not signed out: the same token still works.
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(flooderUser.token) });
    expect(me.statusCode).toBe(200);
  });
});

describe('payload size', () => {
  it('a message over the cap closes the connection before any handler sees it', async () => {
    const url = await gateway({ maxPayloadBytes: 1024 });
    const s = await opened(client(url));
    // Within the cap: answered.
    expect(await s.timeout(5_000).emitWithAck('subscribe', { symbol: 'x'.repeat(500) })).toMatchObject({
      ok: false,
    });
    const closed = disconnection(s);
    const answer = s.timeout(5_000).emitWithAck('subscribe', { symbol: 'x'.repeat(2_000) });
    expect(await closed).toBe('transport close');
    await expect(answer).rejects.toThrow();
  });
});

describe('connections per client address', () => {
  it('refuses the N+1th connection from one address, and takes one again when one closes', async () => {
    const url = await gateway({ maxConnectionsPerIp: 3 });
    const open = [await opened(client(url)), await opened(client(url)), await opened(client(url))];
    const extra = client(url);
    sockets.push(extra);
    expect(await accepted(extra)).toBe(false);

    open[0]?.disconnect();
    // The server counts the connection closed once it has seen it go.
    await vi.waitFor(
      async () => {
        const again = client(url);
        sockets.push(again);
        expect(await accepted(again)).toBe(true);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the proxy', async () => {
    const url = await gateway({ maxConnectionsPerIp: 2 });
    expect(await accepted(forwarded(url, '203.0.113.1'))).toBe(true);
    expect(await accepted(forwarded(url, '203.0.113.2'))).toBe(true);
    // All three come from 127.0.0.1, whatever they claim.
    expect(await accepted(forwarded(url, '203.0.113.3'))).toBe(false);
  });

  it('with TRUST_PROXY counts the forwarded client address', async () => {
    const url = await gateway({ maxConnectionsPerIp: 2 }, ['127.0.0.1']);
    expect(await accepted(forwarded(url, '203.0.113.7'))).toBe(true);
    expect(await accepted(forwarded(url, '198.51.100.1, 203.0.113.7'))).toBe(true);
    expect(await accepted(forwarded(url, '203.0.113.7'))).toBe(false);
    // Another client behind the same proxy has its own allowance.
    expect(await accepted(forwarded(url, '203.0.113.8'))).toBe(true);
  });
});
