import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

/**
 * The Redis connection BullMQ shares between queues and workers. BullMQ requires
 * `maxRetriesPerRequest: null` so a blocked command waits for a reconnect instead of failing.
 */
export function createRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, connectionName: 'workers' });
  let lastLogged = 0;
  redis.on('error', (err) => {
    // ioredis emits once per reconnect attempt; one line every 5 s is enough to see the cause.
    const now = Date.now();
    if (now - lastLogged < 5000) return;
    lastLogged = now;
    logger.error({ err }, 'redis connection error');
  });
  return redis;
}
