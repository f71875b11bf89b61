import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

/**
 * Test helpers: real socket.io-client connections to a listening gateway. Listeners are
 * passed `as never` below: socket.io-client's listener type cannot be resolved for an
 * event name that is still a type parameter (the call sites stay fully typed).
 */

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A websocket-only client, not yet connected (listeners can be attached first). */
export function client(url: string, token?: string): ClientSocket {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    auth: token === undefined ? {} : { token },
  });
}

/** Connects, or rejects with the server's connect_error. */
export function connect(socket: ClientSocket): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    socket.connect();
  });
}

export const connected = (url: string, token?: string) => connect(client(url, token));

/** The next `event` on `socket`, or a rejection after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  ms = 5_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    // The event maps give every event one payload argument.
    const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as ServerToClientEvents[E];
    socket.once(event, listener as never);
  });
}

/** Every `event` the socket receives from now on, in arrival order. */
export function record<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
    seen.push(payload);
  }) as ServerToClientEvents[E];
  socket.on(event, listener as never);
  return seen;
}

/** The first `count` `event`s the socket receives from now on, or a rejection after `ms`. */
export function collect<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  count: number,
  ms = 5_000,
): Promise<Array<Parameters<ServerToClientEvents[E]>[0]>> {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${seen.length} of ${count} ${event} within ${ms} ms`)),
      ms,
    );
    const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      seen.push(payload);
      if (seen.length < count) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(seen);
    }) as ServerToClientEvents[E];
    socket.on(event, listener as never);
  });
}
