import { marketKeys, workerKeys } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';
import { writeFeed } from '../../test/market-fixtures.ts';
import { WORKERS_HEARTBEAT_STALE_MS } from './health.routes.ts';

// The app's own connection carries its REDIS_PREFIX, as the workers' keys do.
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const health = async (target = app) => {
  const res = await target.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/health', () => {
  it('names the market feed and the workers as degraded while neither has reported, and still answers 200', async () => {
    await app.redis.del(marketKeys.feed(), workerKeys.heartbeats());
    expect(await health()).toEqual({
      status: 200,
      body: {
        ok: true,
        db: true,
        redis: true,
        degraded: ['market', 'workers'],
        market: 'down',
        workersHeartbeatAt: null,
      },
    });
  });

  it('reports nothing degraded with a live feed and a recent worker heartbeat', async () => {
    const at = Date.now();
    await writeFeed(app.redis, { source: 'simulated', state: 'live', simulated: true, since: at });
    await app.redis.zadd(workerKeys.heartbeats(), at, 'host:1');
    expect(await health()).toEqual({
      status: 200,
      body: { ok: true, db: true, redis: true, degraded: [], market: 'live', workersHeartbeatAt: at },
    });
  });

  it('names the workers once their latest heartbeat is older than the limit, and a feed that is not live', async () => {
    const old = Date.now() - WORKERS_HEARTBEAT_STALE_MS - 1_000;
    await app.redis.del(workerKeys.heartbeats());
    await app.redis.zadd(workerKeys.heartbeats(), old, 'host:1');
    await writeFeed(app.redis, { source: 'binance', state: 'reconnecting', simulated: false, since: old });
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      degraded: ['market', 'workers'],
      market: 'reconnecting',
      workersHeartbeatAt: old,
    });
  });

  it('answers 503 and names Redis, the feed and the workers when Redis does not answer', async () => {
    const broken = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      expect(await health(broken)).toEqual({
        status: 503,
        body: {
          ok: false,
          db: true,
          redis: false,
          degraded: ['redis', 'market', 'workers'],
          market: null,
          workersHeartbeatAt: null,
        },
      });
    } finally {
      await broken.close();
    }
  });

  it('answers 503 and names Postgres when the database does not answer', async () => {
    const broken = await buildTestApp({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/none' });
    try {
      const { status, body } = await health(broken);
      expect(status).toBe(503);
      expect(body).toMatchObject({ ok: false, db: false, redis: true });
      expect(body.degraded).toContain('db');
    } finally {
      await broken.close();
    }
  });
});
