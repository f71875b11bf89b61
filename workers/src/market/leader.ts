import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

/** Extend the lock only if we still hold it. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;

/** Delete the lock only if we still hold it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0`;

export type LeaderLockOptions = {
  redis: Redis;
  key: string;
  id: string;
  ttlMs: number;
  logger: Logger;
  onAcquired: () => void;
  /** Called at once when the lock is gone (renewal refused, failed, or too late). */
  onLost: (reason: string) => void;
};

/**
 * One ingestion leader per deployment: `SET key id NX PX ttl`, renewed every ttl/3 by a
 * compare-and-renew script. A renewal that fails, or does not succeed before the lease would
 * have run out, ends the leadership at once (another worker may hold it by then). Standby
 * workers try again every ttl/3, so a dead leader's lock is taken within ttl + ttl/3.
 */
export class LeaderLock {
  private leader = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: LeaderLockOptions) {}

  get isLeader() {
    return this.leader;
  }

  private get period() {
    return Math.max(50, Math.floor(this.opts.ttlMs / 3));
  }

  start() {
    void this.tick();
  }

  private schedule() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), this.period);
  }

  private async tick() {
    if (this.stopped) return;
    const sentAt = Date.now();
    try {
      if (this.leader) {
        const renewed = await this.opts.redis.eval(RENEW, 1, this.opts.key, this.opts.id, this.opts.ttlMs);
        if (this.stopped || !this.leader) return;
        if (renewed === 1) this.extendLease(sentAt);
        else this.lose('the lock is held by another worker');
      } else {
        const got = await this.opts.redis.set(this.opts.key, this.opts.id, 'PX', this.opts.ttlMs, 'NX');
        if (this.stopped) {
          if (got === 'OK') await this.release();
          return;
        }
        if (got === 'OK') {
          this.leader = true;
          this.extendLease(sentAt);
          this.opts.logger.info({ workerId: this.opts.id }, 'market leader: this worker ingests');
          this.opts.onAcquired();
        }
      }
    } catch (err) {
      if (this.leader) this.lose(`renewal failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.schedule();
  }

  /** The lease runs ttl from when the command was sent; stop a little before it could lapse. */
  private extendLease(sentAt: number) {
    clearTimeout(this.leaseTimer);
    const margin = Math.max(20, Math.floor(this.opts.ttlMs / 10));
    this.leaseTimer = setTimeout(
      () => this.lose('no renewal before the lease ran out'),
      Math.max(0, sentAt + this.opts.ttlMs - margin - Date.now()),
    );
  }

  private lose(reason: string) {
    if (!this.leader) return;
    this.leader = false;
    clearTimeout(this.leaseTimer);
    this.opts.logger.warn({ workerId: this.opts.id, reason }, 'market leadership lost: ingestion stopped');
    this.opts.onLost(reason);
    this.schedule();
  }

  /** Stop renewing and trying; the caller releases after its last write. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.leaseTimer);
  }

  /** Compare-and-delete: only our own lock goes. */
  async release(): Promise<boolean> {
    const wasLeader = this.leader;
    this.leader = false;
    clearTimeout(this.leaseTimer);
    try {
      const deleted = await this.opts.redis.eval(RELEASE, 1, this.opts.key, this.opts.id);
      if (deleted === 1 && wasLeader)
        this.opts.logger.info({ workerId: this.opts.id }, 'market leader lock released');
      return deleted === 1;
    } catch (err) {
      this.opts.logger.warn({ err }, 'market leader lock not released (it expires by itself)');
      return false;
    }
  }
}
