import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import type { TestProject } from 'vitest/node';
import { deleteRedisPrefix, startLocalRedis, urlReachable } from './lib/services.ts';

/**
 * Once per `vitest run`: a fresh migrated database and a Redis key prefix of its own,
 * so runs never collide. Postgres from TEST_DATABASE_URL (default: the local server);
 * Redis from TEST_REDIS_URL (default: the local server, else a private redis-server).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_ADMIN_URL;
  if (!(await urlReachable(adminUrl))) {
    throw new Error(
      `Tests need PostgreSQL at ${adminUrl} (set TEST_DATABASE_URL to a server where databases can be created).`,
    );
  }
  const database = await createTestDatabase(adminUrl);

  let redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let stopRedis: (() => void) | undefined;
  if (!(await urlReachable(redisUrl))) {
    const started = await startLocalRedis(join(tmpdir(), `test-redis-${process.pid}`));
    redisUrl = started.url;
    stopRedis = started.stop;
  }

  project.provide('databaseUrl', database.url);
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('redisUrl', redisUrl);
  const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
  project.provide('redisPrefix', redisPrefix);

  return async () => {
    await database.drop();
    // Queues, schedulers and caches the run left under its prefix (a failed cleanup only leaves garbage).
    if (!stopRedis) await deleteRedisPrefix(redisUrl, redisPrefix).catch(() => 0);
    stopRedis?.();
  };
}
