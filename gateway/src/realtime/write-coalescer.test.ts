import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IoServer } from './types.ts';
import { createWriteCoalescer } from './write-coalescer.ts';

// A real Socket.IO server (the gateway's settings) and real clients over real TCP; the server
// side's write syscalls are counted on its sockets' handles.

type WriteCounter = { count: number };

let http: HttpServer;
/** Untyped: the test's own events ('n', 'join'), not the app's. */
let io: Server;
let url: string;
const clients: ClientSocket[] = [];
const counters = new Map<string, WriteCounter>();

function countWrites(handle: Record<string, unknown>): WriteCounter {
  const counter = { count: 0 };
  for (const name of ['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']) {
    const original = handle[name];
    if (typeof original !== 'function') continue;
    handle[name] = (...args: unknown[]) => {
      counter.count++;
      return (original as (...a: unknown[]) => unknown).apply(handle, args);
    };
  }
  return counter;
}

/** A client in room `room`, with what it receives, and the server's write count for it. */
async function join(room: string, transport: 'websocket' | 'polling') {
  const socket = connectClient(url, { transports: [transport], forceNew: true, reconnection: false });
  clients.push(socket);
  const received: number[] = [];
  socket.on('n', (n: number) => received.push(n));
  const joined = new Promise<void>((resolve) => socket.once('joined', () => resolve()));
  socket.emit('join', room);
  await joined;
  return { socket, received, writes: () => counters.get(socket.id ?? '')?.count ?? Number.NaN };
}

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { perMessageDeflate: false, transports: ['websocket', 'polling'] });
  io.on('connection', (socket) => {
    const tcp = (socket.conn as unknown as { transport: { socket?: { _socket?: { _handle?: object } } } })
      .transport.socket?._socket?._handle;
    if (tcp) counters.set(socket.id, countWrites(tcp as Record<string, unknown>));
    socket.on('join', (room: string) => {
      void socket.join(room);
      socket.emit('joined');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const c of clients) c.close();
  await io.close();
});

const settle = () => new Promise((r) => setTimeout(r, 150));

/** Emit `n` events to `room` as the bulk dispatch does, coalesced or not. */
function burst(room: string, from: number, n: number, coalesce: boolean) {
  const writes = createWriteCoalescer(io as unknown as IoServer);
  for (let i = from; i < from + n; i++) {
    if (coalesce) writes.hold(room);
    io.local.to(room).emit('n', i);
  }
  if (coalesce) writes.release();
}

describe('the write coalescer', () => {
  it("sends a user's events of one message in two writes instead of one per event, in order", async () => {
    const alice = await join('user:alice', 'websocket');
    const bob = await join('user:bob', 'websocket');

    let before = alice.writes();
    burst('user:alice', 0, 6, false);
    await settle();
    // Without it: a write per event.
    expect(alice.writes() - before).toBe(6);

    before = alice.writes();
    const bobBefore = bob.writes();
    burst('user:alice', 6, 6, true);
    await settle();
    expect(alice.writes() - before).toBe(2);
    // Nobody else's socket is touched.
    expect(bob.writes() - bobBefore).toBe(0);
    expect(alice.received).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(bob.received).toEqual([]);
  });

  it('holds several users of one message, and later messages of the same turn, and lets all out', async () => {
    const carol = await join('user:carol', 'websocket');
    const dave = await join('user:dave', 'websocket');
    const writes = createWriteCoalescer(io as unknown as IoServer);
    // Two messages in one loop turn, each reaching both users.
    for (const base of [0, 10]) {
      for (let i = base; i < base + 3; i++) {
        for (const room of ['user:carol', 'user:dave']) {
          writes.hold(room);
          io.local.to(room).emit('n', i);
        }
      }
      writes.release();
    }
    await settle();
    expect(carol.received).toEqual([0, 1, 2, 10, 11, 12]);
    expect(dave.received).toEqual([0, 1, 2, 10, 11, 12]);
  });

  it('delivers to long-polling clients untouched, and survives a socket that closed while held', async () => {
    const polling = await join('user:erin', 'polling');
    const leaving = await join('user:erin', 'websocket');
    const writes = createWriteCoalescer(io as unknown as IoServer);
    writes.hold('user:erin');
    io.local.to('user:erin').emit('n', 1);
    leaving.socket.close();
    writes.release();
    io.local.to('user:erin').emit('n', 2);
    const deadline = Date.now() + 5_000;
    while (polling.received.length < 2 && Date.now() < deadline) await settle();
    expect(polling.received).toEqual([1, 2]);
  });
});
