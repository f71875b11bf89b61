import { randomBytes } from 'node:crypto';
import { HEARTBEAT_EVERY_MS } from '@app/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readHeartbeats, runHeartbeat } from './heartbeat.ts';

const redis = new Redis(inject('redisUrl'));
const prefix = `${inject('redisPrefix')}heartbeat-${randomBytes(3).toString('hex')}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('heartbeat job', () => {
  it('records each worker once with its latest time and never moves a time backwards', async () => {
    const data = { everyMs: HEARTBEAT_EVERY_MS };
    const t = Date.now();
    await runHeartbeat({ redis, redisPrefix: prefix, workerId: 'a:1' }, data, t);
    await runHeartbeat({ redis, redisPrefix: prefix, workerId: 'b:2' }, data, t + 5);
    await runHeartbeat({ redis, redisPrefix: prefix, workerId: 'a:1' }, data, t + 10);
    // A retried, older run of the same job.
    await runHeartbeat({ redis, redisPrefix: prefix, workerId: 'a:1' }, data, t + 1);
    expect(await readHeartbeats(redis, prefix)).toEqual([
      { workerId: 'a:1', at: t + 10 },
      { workerId: 'b:2', at: t + 5 },
    ]);
  });

  it('forgets workers silent for a long time', async () => {
    const data = { everyMs: 1000 };
    const t = Date.now();
    await runHeartbeat({ redis, redisPrefix: prefix, workerId: 'gone:9' }, data, t - 3_600_000);
    await runHeartbeat({ redis, redisPrefix: prefix, workerId: 'live:1' }, data, t);
    const ids = (await readHeartbeats(redis, prefix)).map((h) => h.workerId);
    expect(ids).toContain('live:1');
    expect(ids).not.toContain('gone:9');
  });
});
