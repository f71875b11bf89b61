import { type HeartbeatJobData, workerKeys } from '@app/shared';
import type { Redis } from 'ioredis';

export type HeartbeatDeps = { redis: Redis; redisPrefix: string; workerId: string };

/** Entries older than this many periods are dropped: that worker is gone. */
const KEEP_PERIODS = 60;

/**
 * Records that this worker is alive and processing jobs. Safe to run twice: the entry is
 * overwritten with the later time.
 */
export async function runHeartbeat(deps: HeartbeatDeps, data: HeartbeatJobData, now = Date.now()) {
  const key = deps.redisPrefix + workerKeys.heartbeats();
  await deps.redis
    .multi()
    // GT: a late duplicate never moves the time backwards (and still adds a new member).
    .zadd(key, 'GT', now, deps.workerId)
    .zremrangebyscore(key, '-inf', now - KEEP_PERIODS * data.everyMs)
    .exec();
  return { workerId: deps.workerId, at: now };
}

/** Last heartbeat of every worker seen recently, newest first. */
export async function readHeartbeats(
  redis: Redis,
  redisPrefix: string,
): Promise<Array<{ workerId: string; at: number }>> {
  const flat = await redis.zrevrange(redisPrefix + workerKeys.heartbeats(), 0, -1, 'WITHSCORES');
  const out: Array<{ workerId: string; at: number }> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push({ workerId: flat[i]!, at: Number(flat[i + 1]) });
  return out;
}
