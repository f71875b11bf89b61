import { type HealthResponse, healthResponseSchema, workerKeys } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

/**
 * The workers run the heartbeat job every HEARTBEAT_EVERY_MS (10 s by default); with none
 * for this long, no worker is consuming the queues.
 */
export const WORKERS_HEARTBEAT_STALE_MS = 60_000;

/**
 * For load balancers, `pnpm start` and operators: 503 when this gateway cannot serve (Postgres
 * or Redis does not answer), else 200; `degraded` also names a market feed that is not live
 * and workers without a recent heartbeat.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        audience: 'public',
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const failed = () => false as const;
      const [db, redis, feed, heartbeat] = await Promise.all([
        within(app.db.execute(sql`select 1`), 2_000).then(() => true, failed),
        within(app.redis.ping(), 2_000).then((r) => r === 'PONG', failed),
        within(app.market.feed(), 2_000).then(
          (feed) => feed.state,
          () => null,
        ),
        // The connection adds REDIS_PREFIX, as the workers' key does.
        within(app.redis.zrevrange(workerKeys.heartbeats(), 0, 0, 'WITHSCORES'), 2_000).then(
          ([, at]) => (at === undefined ? null : Number(at)),
          () => null,
        ),
      ]);
      // The market store reads a Redis that does not answer as "no status": unknown here.
      const market = redis ? feed : null;
      const degraded: HealthResponse['degraded'] = [];
      if (!db) degraded.push('db');
      if (!redis) degraded.push('redis');
      if (market !== 'live') degraded.push('market');
      if (!heartbeat || Date.now() - heartbeat > WORKERS_HEARTBEAT_STALE_MS) degraded.push('workers');
      const ok = db && redis;
      return reply.code(ok ? 200 : 503).send({
        ok,
        db,
        redis,
        degraded,
        market,
        workersHeartbeatAt: heartbeat,
      });
    },
  );
};

export default healthRoutes;
