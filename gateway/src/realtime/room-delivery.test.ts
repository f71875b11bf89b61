import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type BulkUserEvent, dispatchUserEvents, encodeUserEvents, rooms } from '@app/shared';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createEmitDelivery,
  createPacketDelivery,
  type PacketSockets,
  type RoomDelivery,
  writeToRoom,
} from './room-delivery.ts';

// A real Socket.IO server with the gateway's transport settings and real clients: what a
// client receives through either delivery is what a browser would.

let http: HttpServer;
/** Untyped: a test payload may carry what the app's event types do not (line breaks, unicode). */
let io: Server;
let url: string;
const clients: ClientSocket[] = [];

type Seen = Array<[string, ...unknown[]]>;

/** A client of `userId` (or of nobody), connected and in its room, with every event it receives. */
async function user(userId: string | null, transport: 'websocket' | 'polling' = 'websocket') {
  const socket = connectClient(url, {
    transports: [transport],
    forceNew: true,
    reconnection: false,
    auth: userId === null ? {} : { userId },
  });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  const seen: Seen = [];
  socket.onAny((event: string, ...args: unknown[]) => seen.push([event, ...args]));
  return { socket, seen };
}

/** Each event as the gateway gets it: encoded by its publisher in a bulk message, then decoded. */
function deliverAll(delivery: RoomDelivery, events: BulkUserEvent[]) {
  expect(dispatchUserEvents(encodeUserEvents(events), (room, e) => delivery.deliver(room, e))).toBe(0);
}

let serial = 0;
const newUserId = () => `user-${++serial}`;
const balance = (real: number) => ({ real, practice: 100_000, reason: 'trade_settled' }) as never;
/** What a client received of `events` for its user, as `[event, data]`. */
const expected = (events: BulkUserEvent[], userId: string) =>
  events.filter((e) => e.userId === userId).map((e) => [e.event, e.data]);

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { transports: ['websocket', 'polling'], perMessageDeflate: false });
  io.on('connection', (socket) => {
    const { userId } = socket.handshake.auth as { userId?: string };
    if (userId) void socket.join(rooms.user(userId));
    socket.emit('ready');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await io.close();
});

describe.each([
  { name: "Socket.IO's emit (the reference)", create: (): RoomDelivery => createEmitDelivery(io) },
  { name: 'the encoded packet (the default)', create: (): RoomDelivery => createPacketDelivery(io.of('/')) },
])('room delivery through $name', ({ create }) => {
  it('gives the client in the room the event with its exact payload', async () => {
    const id = newUserId();
    const { seen } = await user(id);
    const data = {
      text: 'line one\nline two\r\n\ttabbed',
      unicode: 'चाय ₹ 🚀 \u2028\u2029 é',
      quoted: '"quotes" \\ backslash }] 2[',
      nested: { list: [1, -0.5, null, true, ''], empty: {} },
    };
    deliverAll(create(), [{ userId: id, event: 'trade:settled', data: data as never }]);
    await vi.waitFor(() => expect(seen).toEqual([['trade:settled', data]]));
  });

  it('gives a client outside the room nothing', async () => {
    const [alice, bob] = [newUserId(), newUserId()];
    const [toAlice, toBob, anonymous] = await Promise.all([user(alice), user(bob), user(null)]);
    const delivery = create();
    deliverAll(delivery, [{ userId: alice, event: 'balance', data: balance(1) }]);
    // Written after Alice's event, on the same connection it would have taken to Bob.
    deliverAll(delivery, [{ userId: bob, event: 'balance', data: balance(2) }]);
    await vi.waitFor(() => expect(toBob.seen).toEqual([['balance', balance(2)]]));
    await vi.waitFor(() => expect(toAlice.seen).toEqual([['balance', balance(1)]]));
    expect(anonymous.seen).toEqual([]);
  });

  it('gives every socket of the user the event, on either transport', async () => {
    const id = newUserId();
    const sockets = await Promise.all([user(id), user(id), user(id, 'polling')]);
    deliverAll(create(), [{ userId: id, event: 'trade:placed', data: { trade: { id: 't1' } } as never }]);
    for (const { seen } of sockets) {
      await vi.waitFor(() => expect(seen).toEqual([['trade:placed', { trade: { id: 't1' } }]]));
    }
  });

  it('still reaches the open sockets when one is closing or gone', async () => {
    const id = newUserId();
    const [open, leaving, closing] = await Promise.all([user(id), user(id), user(id)]);
    const delivery = create();
    leaving.socket.disconnect();
    // Closed by the server too, and still in the room while its transport closes.
    const closingOnServer = io.of('/').sockets.get(closing.socket.id ?? '');
    closingOnServer?.conn.close();
    deliverAll(delivery, [{ userId: id, event: 'balance', data: balance(1) }]);
    await vi.waitFor(() => expect(io.of('/').adapter.rooms.get(rooms.user(id))?.size).toBe(1));
    deliverAll(delivery, [{ userId: id, event: 'balance', data: balance(2) }]);
    // A room whose last socket has gone.
    const gone = newUserId();
    const last = await user(gone);
    last.socket.disconnect();
    await vi.waitFor(() => expect(io.of('/').adapter.rooms.has(rooms.user(gone))).toBe(false));
    deliverAll(delivery, [{ userId: gone, event: 'balance', data: balance(3) }]);

    await vi.waitFor(() =>
      expect(open.seen).toEqual([
        ['balance', balance(1)],
        ['balance', balance(2)],
      ]),
    );
    expect(leaving.seen).toEqual([]);
    expect(closing.seen).toEqual([]);
  });

  it('keeps the order of events, within a message and across messages', async () => {
    const [alice, bob] = [newUserId(), newUserId()];
    const clientsOf = await Promise.all([user(alice), user(alice, 'polling'), user(bob)]);
    const names = ['trade:placed', 'trade:settled', 'balance'] as const;
    const events: BulkUserEvent[] = Array.from({ length: 60 }, (_, i) => ({
      userId: i % 3 === 2 ? bob : alice,
      event: names[i % names.length] ?? 'balance',
      data: { n: i } as never,
    }));
    const delivery = create();
    deliverAll(delivery, events.slice(0, 25));
    deliverAll(delivery, events.slice(25));
    const owners = [alice, alice, bob];
    for (const [i, { seen }] of clientsOf.entries()) {
      await vi.waitFor(() => expect(seen).toEqual(expected(events, owners[i] ?? '')));
    }
  });
});

describe('writeToRoom', () => {
  it('writes the packet as it is to each open connection in the room, and to no one else', () => {
    const writes: Array<[string, string]> = [];
    const conn = (id: string, readyState = 'open') => ({
      readyState,
      write: (packet: string) => writes.push([id, packet]),
    });
    const nsp: PacketSockets = {
      adapter: {
        rooms: new Map([
          ['user:a', new Set(['s1', 's2', 's3', 'gone'])],
          ['user:b', new Set(['s4'])],
        ]),
      },
      sockets: new Map([
        ['s1', { conn: conn('s1') }],
        ['s2', { conn: conn('s2', 'closing') }],
        ['s3', { conn: conn('s3') }],
        ['s4', { conn: conn('s4') }],
      ]),
    };
    expect(writeToRoom(nsp, 'user:a', 'P')).toBe(2);
    expect(writeToRoom(nsp, 'user:c', 'Q')).toBe(0);
    expect(writes).toEqual([
      ['s1', 'P'],
      ['s3', 'P'],
    ]);
  });
});

/** The version of `name` that the module at `from` loads, and the file it loads. */
function loaded(name: string, from: string): { version: string; file: string } {
  const file = createRequire(from).resolve(name);
  const dir = file.slice(0, file.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}/`.length);
  return {
    version: (JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as { version: string }).version,
    file,
  };
}

describe('the packages the packet delivery writes through', () => {
  // The packet delivery relies on engine.io's `write` and on socket.io-parser's packet format:
  // a new version of either is checked by the suite above before its pin moves.
  it('are the versions pinned exactly in the catalog, as socket.io loads them', () => {
    const catalog = readFileSync(new URL('../../../pnpm-workspace.yaml', import.meta.url), 'utf8');
    const pinned = (name: string) =>
      new RegExp(`^ {2}"?${name.replace('.', '\\.')}"?: (.+)$`, 'm').exec(catalog)?.[1];
    const socketIo = loaded('socket.io', import.meta.filename);
    const engineIo = loaded('engine.io', socketIo.file);
    const ws = loaded('ws', engineIo.file);
    expect({ 'socket.io': socketIo.version, 'engine.io': engineIo.version, ws: ws.version }).toEqual({
      'socket.io': pinned('socket.io'),
      'engine.io': pinned('engine.io'),
      ws: pinned('ws'),
    });
    expect(['socket.io', 'engine.io', 'ws'].map(pinned)).toEqual([
      expect.stringMatching(/^\d+\.\d+\.\d+$/),
      expect.stringMatching(/^\d+\.\d+\.\d+$/),
      expect.stringMatching(/^\d+\.\d+\.\d+$/),
    ]);
    // The gateway's own engine.io is the one under socket.io.
    expect(loaded('engine.io', import.meta.filename).file).toBe(engineIo.file);
  });
});
