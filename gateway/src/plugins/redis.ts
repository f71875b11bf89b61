import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
  }
}

/**
 * One ioredis connection with the deployment's key prefix, so several gateways (and test
 * runs) share or separate their keys by configuration alone.
 */
export default fp<{ url: string; keyPrefix: string }>(
  async (app, opts) => {
    const redis = new Redis(opts.url, {
      keyPrefix: opts.keyPrefix,
      // Fail a command fast instead of queueing it for ever while Redis is away.
      maxRetriesPerRequest: 2,
      connectTimeout: 5_000,
      // ioredis names itself with CLIENT SETINFO, which Redis < 7.2 answers with an error; the
      // socket.io connections duplicate this one and log every failed command. The name is cosmetic.
      disableClientInfo: true,
    });
    let lastLogged = 0;
    redis.on('error', (err) => {
      // ioredis emits once per reconnect attempt; one line every 5 s is enough to see the cause.
      if (Date.now() - lastLogged < 5_000) return;
      lastLogged = Date.now();
      app.log.warn({ err }, 'redis error');
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      // quit() waits for a connection that may never come; disconnect() does not.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  },
  { name: 'redis' },
);
