import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from './config.ts';
import { readHeartbeats } from './jobs/heartbeat.ts';

/**
 * Container healthcheck: exit 0 when a worker ran the heartbeat job recently. The job runs
 * on one worker per period, so this says "the queues are being consumed", not which replica.
 */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const redis = new Redis(config.REDIS_URL, {
  maxRetriesPerRequest: 1,
  connectTimeout: 3_000,
  lazyConnect: true,
  disableClientInfo: true,
});
redis.on('error', () => {});
let code = 1;
try {
  const [latest] = await readHeartbeats(redis, config.REDIS_PREFIX);
  const age = latest ? Date.now() - latest.at : Number.POSITIVE_INFINITY;
  code = age <= 3 * config.HEARTBEAT_EVERY_MS ? 0 : 1;
  console.log(
    latest ? `last heartbeat ${Math.round(age / 1000)} s ago from ${latest.workerId}` : 'no heartbeat yet',
  );
} catch (err) {
  console.error(`redis: ${err instanceof Error ? err.message : String(err)}`);
}
redis.disconnect();
process.exit(code);
