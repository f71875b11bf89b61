import { siteSettings, users } from '@app/db';
import { marketKeys, rooms, type ServerToClientEvents } from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, buildTestApp, createUser, TEST_PASSWORD, type TestUser } from '../test/helpers.ts';
import {
  createMarketDatabase,
  insertCoins,
  makeStats,
  makeTick,
  marketPrefix,
  workerRedis,
  writeMarket,
} from '../test/market-fixtures.ts';

/** Two gateways on one database and one Redis prefix, as behind a load balancer. */
let a: FastifyInstance;
let b: FastifyInstance;
let redis: Redis;
let prefix: string;
let dropDatabase: () => Promise<void>;
let superadmin: TestUser;
let admin: TestUser;

/** What another gateway's change may take to arrive: pub/sub is sub-millisecond, the bound generous. */
const WITHIN = { timeout: 1_000, interval: 20 };

beforeAll(async () => {
  const database = await createMarketDatabase();
  dropDatabase = database.drop;
  prefix = marketPrefix('cache-bus');
  const config = { databaseUrl: database.url, redisPrefix: prefix, sessionCacheMs: 5_000 };
  [a, b] = await Promise.all([buildTestApp(config), buildTestApp(config)]);
  redis = workerRedis(prefix);
  await insertCoins(a.db, [
    { symbol: 'BTC', name: 'Bitcoin', sortOrder: 1 },
    { symbol: 'ETH', name: 'Ethereum', sortOrder: 2 },
  ]);
  [superadmin, admin] = [await createUser(a, { role: 'superadmin' }), await createUser(a, { role: 'admin' })];
  // Both gateways subscribed before anything is cached.
  await vi.waitFor(async () => expect(await subscribers()).toBe(2), { timeout: 10_000 });
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  redis?.disconnect();
  await dropDatabase?.();
});

const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

const subscribers = async () => {
  const [, count] = (await redis.call('PUBSUB', 'NUMSUB', `${prefix}cache:drop`)) as [string, number];
  return Number(count);
};

/** Wait until the gateway's cache bus is subscribed (after a cut, it reconnects by itself). */
const busUp = (app: FastifyInstance) =>
  vi.waitFor(() => expect(app.cacheBus.live).toBe(true), { timeout: 10_000, interval: 20 });

/** Cut one gateway's subscriber connection, as a Redis restart or a network cut would. */
async function cutBusOf(app: FastifyInstance): Promise<void> {
  const list = (await redis.call('CLIENT', 'LIST')) as string;
  const line = list.split('\n').find((l) => l.includes(` name=${app.cacheBus.connectionName} `));
  const id = line?.match(/^id=(\d+)/)?.[1];
  if (!id) throw new Error('no cache-bus connection of this gateway');
  await redis.call('CLIENT', 'KILL', 'ID', id);
}

describe('cached reads follow a change made through another gateway', () => {
  it('site settings', async () => {
    expect((await get(b, '/api/site')).json().settings.title).not.toBe('Changed on A');
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/superadmin/site',
      headers: auth(superadmin.token),
      payload: { title: 'Changed on A' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await vi.waitFor(
      async () => expect((await get(b, '/api/site')).json().settings.title).toBe('Changed on A'),
      WITHIN,
    );
  });

  it('trade settings', async () => {
    expect((await get(b, '/api/trade-setting')).json().data).toEqual([]);
    const created = await a.inject({
      method: 'POST',
      url: '/api/trade-setting',
      headers: auth(admin.token),
      payload: { time: 90, unit: 'Seconds', payoutPercent: 70 },
    });
    expect(created.statusCode, created.body).toBe(201);
    await vi.waitFor(
      async () =>
        expect((await get(b, '/api/trade-setting')).json().data).toEqual([
          expect.objectContaining({ seconds: 90, payoutPercent: 70 }),
        ]),
      WITHIN,
    );
  });

  it('the coin list', async () => {
    const names = async () =>
      (await get(b, '/api/market')).json().coins.map((c: { name: string }) => c.name) as string[];
    expect(await names()).toEqual(['Bitcoin', 'Ethereum']);
    const saved = await a.inject({
      method: 'POST',
      url: '/api/admin/coins',
      headers: auth(admin.token),
      payload: { editing: 'ETH', symbol: 'ETH', name: 'Ether' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await vi.waitFor(async () => expect(await names()).toEqual(['Bitcoin', 'Ether']), WITHIN);
  });
});

describe('a gateway whose subscriber reconnects drops everything it cached', () => {
  it('reads the site settings again, even a change it was never told of', async () => {
    const before = (await get(b, '/api/site')).json().settings.title;
    // A change no gateway announces (as if its drop message was lost): B keeps its copy...
    await b.db.update(siteSettings).set({ title: 'Unannounced' }).where(eq(siteSettings.id, 1));
    expect((await get(b, '/api/site')).json().settings.title).toBe(before);
    // ...until its subscriber's connection drops and comes back.
    await cutBusOf(b);
    await vi.waitFor(
      async () => expect((await get(b, '/api/site')).json().settings.title).toBe('Unannounced'),
      { timeout: 5_000, interval: 50 },
    );
  });
});

describe('the cached session check', () => {
  const me = (app: FastifyInstance, token: string) => get(app, '/api/auth/me', token);
  beforeAll(() => busUp(b));

  it('is dropped on every gateway when the password changes', async () => {
    const user = await createUser(a);
    expect((await me(b, user.token)).statusCode).toBe(200);
    const changed = await a.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: auth(user.token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'an0ther-Passw0rd' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(a, user.token)).statusCode).toBe(401);
    await vi.waitFor(async () => expect((await me(b, user.token)).statusCode).toBe(401), WITHIN);
    expect((await me(b, changed.json().token)).statusCode).toBe(200);
  });

  it('is dropped on every gateway on a ban', async () => {
    const user = await createUser(a);
    expect((await me(b, user.token)).statusCode).toBe(200);
    const banned = await a.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/ban`,
      headers: auth(admin.token),
      payload: { reason: 'cache test' },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await me(a, user.token)).statusCode).toBe(401);
    await vi.waitFor(async () => expect((await me(b, user.token)).statusCode).toBe(401), WITHIN);
  });

  it('is dropped on every gateway on a role change', async () => {
    const demoted = await createUser(a, { role: 'admin' });
    expect((await get(b, '/api/admin/users', demoted.token)).statusCode).toBe(200);
    const res = await a.inject({
      method: 'PUT',
      url: `/api/admin/users/${demoted.id}`,
      headers: auth(superadmin.token),
      payload: { role: 'user' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(a, '/api/admin/users', demoted.token)).statusCode).toBe(401);
    await vi.waitFor(
      async () => expect((await get(b, '/api/admin/users', demoted.token)).statusCode).toBe(401),
      WITHIN,
    );
  });

  it('is cached (a change nobody announces is not seen) until the subscriber reconnects', async () => {
    await busUp(b);
    const user = await createUser(a);
    expect((await me(b, user.token)).statusCode).toBe(200);
    await b.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    expect((await me(b, user.token)).statusCode).toBe(200);
    await cutBusOf(b);
    await vi.waitFor(async () => expect((await me(b, user.token)).statusCode).toBe(401), {
      timeout: 5_000,
      interval: 50,
    });
  });
});

describe('/api/market from the gateway memory', () => {
  it('shows a tick once the feed has published it, without reading Redis for it', async () => {
    // Redis holds an older price; the published tick is what the list must show.
    await writeMarket(redis, 'BTC', {
      tick: makeTick('BTC', 60_000),
      stats: makeStats('BTC', { last: 60_000 }),
    });
    // B subscribed again (a test above cut its connection): a message sent while a subscriber
    // is away is lost, as Redis pub/sub is.
    await busUp(b);
    const emitter = new Emitter<ServerToClientEvents>(redis, { key: `${prefix}socket.io` });
    const price = async () =>
      (await get(b, '/api/market')).json().coins.find((c: { symbol: string }) => c.symbol === 'BTC').price;
    expect(await price()).toBe(60_000);
    emitter.to(rooms.market('BTC')).emit('market:tick', { ...makeTick('BTC', 61_234.5), seq: 1 });
    emitter.to(rooms.market('BTC')).emit('market:stats', { ...makeStats('BTC', { last: 61_234.5 }), seq: 1 });
    await vi.waitFor(async () => expect(await price()).toBe(61_234.5), WITHIN);
    expect(JSON.parse((await redis.get(marketKeys.price('BTC'))) ?? '{}').price).toBe(60_000);
  });
});
