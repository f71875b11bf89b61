import { createConnectionStore } from '../lib/realtime/connection-store.ts';
import { createRealtime } from '../lib/realtime/realtime.ts';
import type * as SocketModule from '../lib/socket.ts';
import { FakeSocket } from './fake-socket.ts';

export type SocketHolder = { socket: FakeSocket | null };

/**
 * lib/socket.ts with its realtime built on a FakeSocket, for
 * `vi.mock('…/lib/socket.ts', async (importOriginal) => socketModuleMock(importOriginal, holder))`.
 */
export async function socketModuleMock(
  importOriginal: <T>() => Promise<T>,
  holder: SocketHolder,
): Promise<typeof SocketModule> {
  const actual = await importOriginal<typeof SocketModule>();
  const realtime = createRealtime({
    createSocket: (auth) => {
      holder.socket = new FakeSocket(auth);
      return holder.socket.asSocket();
    },
    store: actual.connectionStore,
    releaseDelayMs: 0,
  });
  return { ...actual, realtime };
}

export function serverOf(holder: SocketHolder): FakeSocket {
  if (!holder.socket) throw new Error('the socket was not created');
  return holder.socket;
}

/** A realtime client of its own over a FakeSocket, started and accepted; the test plays the server. */
export function startedRealtime() {
  const holder: SocketHolder = { socket: null };
  const connection = createConnectionStore();
  const realtime = createRealtime({
    createSocket: (auth) => {
      holder.socket = new FakeSocket(auth);
      return holder.socket.asSocket();
    },
    store: connection,
  });
  realtime.start('tok');
  const server = () => serverOf(holder);
  server().accept();
  return { realtime, connection, server };
}
