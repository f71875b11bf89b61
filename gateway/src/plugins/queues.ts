import { bullPrefix, type JobName, QUEUES, type QueueData } from '@app/shared';
import { Queue } from 'bullmq';
import fp from 'fastify-plugin';

export type SettlementQueue = Queue<QueueData<'settlement'>, unknown, JobName<'settlement'>>;
export type MaintenanceQueue = Queue<QueueData<'maintenance'>, unknown, JobName<'maintenance'>>;
export type MailQueue = Queue<QueueData<'mail'>, unknown, JobName<'mail'>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** BullMQ producers (the workers consume). One per app, closed with it. */
    queues: { settlement: SettlementQueue; maintenance: MaintenanceQueue; mail: MailQueue };
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
    const connection = {
      url: opts.url,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      connectionName: 'gateway-queues',
      disableClientInfo: true,
    };
    const settlement: SettlementQueue = new Queue(QUEUES.settlement, {
      connection,
      prefix: bullPrefix(opts.redisPrefix),
    });
    settlement.on('error', (err) => app.log.warn({ err }, 'settlement queue error'));
    // Admin broadcasts too large for one request (features/broadcast).
    const maintenance: MaintenanceQueue = new Queue(QUEUES.maintenance, {
      connection,
      prefix: bullPrefix(opts.redisPrefix),
    });
    maintenance.on('error', (err) => app.log.warn({ err }, 'maintenance queue error'));
    // Emails (features/auth recovery and verification): retried while the SMTP server is away;
    // a sent job is removed at once, since its data names an account.
    const mail: MailQueue = new Queue(QUEUES.mail, {
      connection,
      prefix: bullPrefix(opts.redisPrefix),
      defaultJobOptions: {
        attempts: 6,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: true,
        removeOnFail: { age: 24 * 3600 },
      },
    });
    mail.on('error', (err) => app.log.warn({ err }, 'mail queue error'));
    app.decorate('queues', { settlement, maintenance, mail });
    app.addHook('onClose', async () => {
      await Promise.all([settlement.close(), maintenance.close(), mail.close()]);
    });
  },
  { name: 'queues' },
);
