import { randomUUID } from 'node:crypto';
import { bullPrefix, type JobName, QUEUES, type QueueData, settleExpiryJobId } from '@app/shared';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { SettlementQueue } from '../../plugins/queues.ts';
import { suffix } from '../../test/helpers.ts';
import { createSettlementScheduler, SCHEDULED_MEMORY_MS } from './trades.settlement.ts';

/** The scheduler against a real queue: what reaches Redis, and what is spared the round trip. */
const prefix = `${inject('redisPrefix')}sched-${suffix()}:`;
let queue: SettlementQueue;
const log = pino({ level: 'silent' });

beforeAll(() => {
  queue = new Queue<QueueData<'settlement'>, unknown, JobName<'settlement'>>(QUEUES.settlement, {
    connection: { url: inject('redisUrl') },
    prefix: bullPrefix(prefix),
  });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
});

const SECOND = 1_000;
/** An x.999 instant `seconds` from `from`. */
const instant = (from: number, seconds: number) =>
  Math.floor(from / SECOND) * SECOND + seconds * SECOND + 999;
const trade = (symbol: string, expiresAt: number) => ({
  id: randomUUID(),
  symbol,
  expiresAt: new Date(expiresAt),
});

describe('the settlement scheduler', () => {
  it('adds one delayed job per symbol and instant, and spares Redis the adds it already made', async () => {
    let clock = Date.now();
    const scheduler = createSettlementScheduler(queue, log, () => clock);
    const add = vi.spyOn(queue, 'add');
    try {
      const at = instant(clock, 30);
      // A burst of placements of one instant, racing: one add, the others wait for it.
      const burst = await Promise.all(Array.from({ length: 50 }, () => scheduler.schedule(trade('BTC', at))));
      expect(burst.every(Boolean)).toBe(true);
      expect(await scheduler.schedule(trade('ETH', at))).toBe(true);
      expect(await scheduler.schedule(trade('BTC', at + SECOND))).toBe(true);
      expect(add).toHaveBeenCalledTimes(3);

      const job = await queue.getJob(settleExpiryJobId('BTC', at));
      expect(job?.name).toBe('settleExpiry');
      expect(job?.data).toEqual({ symbol: 'BTC', expiresAt: at });
      expect(job?.opts.delay).toBe(at - clock);
      expect(await job?.isDelayed()).toBe(true);

      // Remembered: a job Redis lost meanwhile is not re-added by this process (the
      // reconciler settles its trades); a process that does not remember it adds it again.
      await queue.remove(settleExpiryJobId('BTC', at));
      expect(await scheduler.schedule(trade('BTC', at))).toBe(true);
      expect(add).toHaveBeenCalledTimes(3);
      const restarted = createSettlementScheduler(queue, log, () => clock);
      expect(await restarted.schedule(trade('BTC', at))).toBe(true);
      expect(await queue.getJob(settleExpiryJobId('BTC', at))).toBeDefined();

      // Forgotten once the instant is long past.
      clock = at + SCHEDULED_MEMORY_MS + 2 * SECOND;
      await scheduler.schedule(trade('SOL', instant(clock, 5)));
      const before = add.mock.calls.length;
      await scheduler.schedule(trade('BTC', at));
      expect(add.mock.calls.length).toBe(before + 1);
    } finally {
      add.mockRestore();
    }
  });

  it('does not remember an add that failed: the next placement of the instant tries again', async () => {
    const scheduler = createSettlementScheduler(queue, log);
    const at = instant(Date.now(), 20);
    const add = vi.spyOn(queue, 'add');
    try {
      // BullMQ refuses the id (':' is not allowed in one), as it would refuse with Redis away.
      expect(await scheduler.schedule(trade('X:Y', at))).toBe(false);
      expect(await scheduler.schedule(trade('X:Y', at))).toBe(false);
      expect(add).toHaveBeenCalledTimes(2);
    } finally {
      add.mockRestore();
    }
  });
});
