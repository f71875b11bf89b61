import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.ts';

/**
 * Options every worker connection shares. CLIENT SETINFO, which ioredis sends to name the
 * library, is refused by Redis before 7.2; the name is cosmetic.
 */
export const WORKER_REDIS_OPTIONS = { disableClientInfo: true } as const satisfies RedisOptions;

/**
 * The Redis connection BullMQ shares between queues and workers. BullMQ requires
 * `maxRetriesPerRequest: null` so a blocked command waits for a reconnect instead of failing.
 */
export function createRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    ...WORKER_REDIS_OPTIONS,
    maxRetriesPerRequest: null,
    connectionName: 'workers',
  });
  let lastLogged = 0;
  let lost = false;
  redis.on('error', (err) => {
    // ioredis emits once per reconnect attempt; one line every 5 s is enough to see the cause.
    const now = Date.now();
    if (now - lastLogged < 5000) return;
    lastLogged = now;
    logger.error({ err }, 'redis connection error');
  });
  redis.on('close', () => {
    lost = true;
  });
  redis.on('ready', () => {
    if (lost) logger.info('redis connection back');
    lost = false;
  });
  return redis;
}

/** Not connected: a command sent now waits until Redis is back (maxRetriesPerRequest null). */
export const redisAway = (redis: Redis) => redis.status !== 'ready';

/**
 * QUIT when connected (pending replies arrive first), else drop the connection: QUIT on a
 * connection that is away would wait for Redis to come back.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (!redisAway(redis)) await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
