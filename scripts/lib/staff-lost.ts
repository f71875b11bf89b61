import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { leaveStaffRooms } from '../../gateway/src/features/sessions/staff-rooms.ts';
import { SESSION_CACHE } from '../../gateway/src/plugins/auth.ts';
import { cacheDropChannel, cacheDropMessage } from '../../gateway/src/plugins/cache-bus.ts';

/**
 * The gateway's `app.sessions.staffLost` for a command that is no gateway (`pnpm admin`), after
 * its commit: through Redis, as gateways tell each other, every gateway drops the user's cached
 * session check and takes the user's sockets out of the staff rooms. `redis` has no key prefix:
 * the channels carry REDIS_PREFIX, as the gateways' do.
 */
export async function announceStaffLost(redis: Redis, redisPrefix: string, userId: string): Promise<void> {
  await redis.publish(cacheDropChannel(redisPrefix), cacheDropMessage(SESSION_CACHE, userId));
  leaveStaffRooms(new Emitter(redis, { key: `${redisPrefix}socket.io` }), userId);
}
