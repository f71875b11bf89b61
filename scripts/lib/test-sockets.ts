/**
 * Socket.IO clients for the tests of several gateways (the launcher's proxy, the nginx load
 * balancer): each records what it receives, and reconnects quickly when asked to.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared';
import { io, type Socket } from 'socket.io-client';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const open: Client[] = [];

/** A signed-in client that records every event it receives; reconnects quickly when `reconnect`. */
export function clientOf(
  url: string,
  options: {
    token?: string;
    transports?: ('polling' | 'websocket')[];
    reconnect?: boolean;
    /** Connect from this address (the loopback range 127.0.0.0/8; the WebSocket transport only). */
    localAddress?: string;
  } = {},
) {
  const events: Array<{ event: string; payload: unknown }> = [];
  const socket: Client = io(url, {
    path: '/socket.io',
    transports: options.transports ?? ['polling', 'websocket'],
    forceNew: true,
    reconnection: options.reconnect ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    auth: options.token ? { token: options.token } : {},
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  open.push(socket);
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  let connects = 0;
  let disconnects = 0;
  let refusals = 0;
  socket.on('connect_error', () => {
    refusals++;
  });
  socket.on('connect', () => {
    connects++;
    events.push({ event: 'connect', payload: socket.id });
  });
  socket.on('disconnect', () => {
    disconnects++;
  });
  return {
    socket,
    events,
    connects: () => connects,
    disconnects: () => disconnects,
    /** Connection attempts the server refused (or that failed). */
    refusals: () => refusals,
    /** The events named `event` received since the `connect`-th connection. */
    since: (connect: number, event: string) => {
      let seen = 0;
      return events.filter((e) => {
        if (e.event === 'connect') seen++;
        return seen >= connect && e.event === event;
      });
    },
  };
}

/** Close every client made so far. */
export function closeClients(): void {
  for (const socket of open.splice(0)) socket.close();
}

/** Socket.IO connections open on the gateway at `url`, from its /metrics (this machine may read them). */
export async function openSocketsAt(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = /^socketio_open_sockets (\d+)$/m.exec(text);
  if (!match) throw new Error('no socketio_open_sockets in /metrics');
  return Number(match[1]);
}
