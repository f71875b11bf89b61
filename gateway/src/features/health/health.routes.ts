import { healthResponseSchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

/** For load balancers and `pnpm start`: 200 when Postgres and Redis both answer, else 503. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const [db, redis] = await Promise.all([
        within(app.db.execute(sql`select 1`), 2_000).then(
          () => true,
          () => false,
        ),
        within(app.redis.ping(), 2_000).then(
          (r) => r === 'PONG',
          () => false,
        ),
      ]);
      const ok = db && redis;
      return reply.code(ok ? 200 : 503).send({ ok, db, redis });
    },
  );
};

export default healthRoutes;
