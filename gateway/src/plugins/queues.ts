import { bullPrefix, type JobName, QUEUES, type QueueData } from '@app/shared';
import { Queue } from 'bullmq';
import fp from 'fastify-plugin';

export type SettlementQueue = Queue<QueueData<'settlement'>, unknown, JobName<'settlement'>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** BullMQ producers (the workers consume). One per app, closed with it. */
    queues: { settlement: SettlementQueue };
  }
}

/**
 * The gateway only adds jobs. While Redis is away a command is retried once, so an add fails
 * within a second or two instead of holding the HTTP request (the trade is committed by then,
 * and the workers' reconciler settles trades whose job never arrived). An offline queue is
 * kept: BullMQ's own start-up commands need it.
 */
export default fp<{ url: string; redisPrefix: string }>(
  async (app, opts) => {
    const settlement: SettlementQueue = new Queue(QUEUES.settlement, {
      connection: {
        url: opts.url,
        maxRetriesPerRequest: 1,
        connectTimeout: 5_000,
        connectionName: 'gateway-queues',
        disableClientInfo: true,
      },
      prefix: bullPrefix(opts.redisPrefix),
    });
    settlement.on('error', (err) => app.log.warn({ err }, 'settlement queue error'));
    app.decorate('queues', { settlement });
    app.addHook('onClose', async () => {
      await settlement.close();
    });
  },
  { name: 'queues' },
);
