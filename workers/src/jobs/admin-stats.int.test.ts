import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb, type DbClient, hashPassword, users } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import {
  type AdminCardsResponse,
  type ClientToServerEvents,
  rooms,
  type ServerToClientEvents,
} from '@app/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteKeys, waitFor } from '../market/testing/harness.ts';
import { createAdminStatsJob } from './admin-stats.ts';

/**
 * The job writes to a database of its own (it counts every user) and emits through Redis; a
 * Socket.IO server with the Redis adapter, as the gateway runs it, relays to a client in the
 * admins room, so the test sees what an admin's browser would.
 */
const redis = new Redis(inject('redisUrl'));
const pub = new Redis(inject('redisUrl'));
const sub = new Redis(inject('redisUrl'));
const prefix = `${inject('redisPrefix')}admin-stats-${randomBytes(3).toString('hex')}:`;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: DbClient;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let client: Socket<ServerToClientEvents, ClientToServerEvents>;
const received: AdminCardsResponse[] = [];

beforeAll(async () => {
  database = await createTestDatabase(inject('adminDatabaseUrl'));
  db = createDb(database.url, { max: 2 });
  const http = createServer();
  io = new Server(http, { adapter: createAdapter(pub, sub, { key: `${prefix}socket.io` }) });
  io.on('connection', (socket) => void socket.join(rooms.admins()));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  await waitFor('the adapter subscribed', async () => (await io.of('/').adapter.serverCount()) > 0);
  const { port } = http.address() as AddressInfo;
  client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  client.on('admin:stats', (payload) => received.push(payload));
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
});

afterAll(async () => {
  client?.close();
  await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
  await deleteKeys(redis, prefix);
  await Promise.all([redis.quit(), pub.quit(), sub.quit()]);
  await db?.close();
  await database?.drop();
});

describe('admin stats job', () => {
  it('recounts, announces changed counts to the admins room, and stays quiet when nothing changed', async () => {
    const run = createAdminStatsJob({ db: db.db, redis, redisPrefix: prefix });
    expect((await run({})).changed).toBe(true);
    await waitFor('the first counts', () => received.length === 1 || undefined);
    expect(received[0]?.cards).toMatchObject({
      totalUsers: 0,
      totalTrades: 0,
      emailVerified: 0,
      emailUnverified: 0,
    });

    // Running it again is harmless: the same counts, nothing announced.
    expect((await run({})).changed).toBe(false);

    await db.db.insert(users).values({
      firstName: 'A',
      lastName: 'B',
      username: 'stats_user',
      email: 'stats_user@example.com',
      passwordHash: await hashPassword('secret123'),
    });
    expect((await run({ rebuild: true })).changed).toBe(true);
    await waitFor('the changed counts', () => received.length === 2 || undefined);
    // The quiet run sent nothing: the next event on the same connection is the later change.
    expect(received.map((r) => r.cards.totalUsers)).toEqual([0, 1]);
  });
});
