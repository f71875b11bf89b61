import type { ArchivedThrough } from '@app/shared';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

type Waiter = { at: number; resolve: (passed: boolean) => void; timer: NodeJS.Timeout };

/**
 * How far the tick archive has got, per symbol, from the ingester's announcements on
 * `workerKeys.ticksArchived()`: lets a settle job wait for the tick after its expiry without
 * polling Postgres. Only a hint: settleTrade decides from the archive itself, and a lost
 * message (or no message at all) only makes settlement fall back to re-checking.
 */
export class ArchiveWatch {
  /** symbol → latest archived exchange time, and when we heard of it (local clock). */
  private readonly through = new Map<string, { ts: number; heardAt: number }>();
  private readonly waiters = new Map<string, Set<Waiter>>();
  private stopped = false;

  constructor(
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {}

  async start() {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.onMessage(message);
    });
    await this.subscriber.subscribe(this.channel);
  }

  /** Whether the archive is known to hold a tick of `symbol` after `at` (ms). */
  passed(symbol: string, at: number): boolean {
    return (this.through.get(symbol)?.ts ?? Number.NEGATIVE_INFINITY) > at;
  }

  /** Whether the archive of `symbol` was announced to move within the last `withinMs`. */
  isMoving(symbol: string, withinMs = 2_000, now = Date.now()): boolean {
    const heardAt = this.through.get(symbol)?.heardAt;
    return heardAt !== undefined && now - heardAt <= withinMs;
  }

  /** Resolves true once the archive holds a tick of `symbol` after `at`, false after `timeoutMs`. */
  waitPast(symbol: string, at: number, timeoutMs: number): Promise<boolean> {
    if (this.passed(symbol, at)) return Promise.resolve(true);
    if (this.stopped || timeoutMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      let set = this.waiters.get(symbol);
      if (!set) {
        set = new Set();
        this.waiters.set(symbol, set);
      }
      const waiters = set;
      const waiter: Waiter = {
        at,
        resolve: (passed) => {
          clearTimeout(waiter.timer);
          waiters.delete(waiter);
          if (waiters.size === 0 && this.waiters.get(symbol) === waiters) this.waiters.delete(symbol);
          resolve(passed);
        },
        timer: setTimeout(() => waiter.resolve(false), timeoutMs),
      };
      waiters.add(waiter);
    });
  }

  private onMessage(message: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      this.logger.warn({ message: message.slice(0, 200) }, 'malformed archive progress message');
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    const now = Date.now();
    for (const [symbol, ts] of Object.entries(parsed as ArchivedThrough)) {
      if (typeof ts !== 'number' || !Number.isFinite(ts)) continue;
      const prev = this.through.get(symbol);
      this.through.set(symbol, { ts: Math.max(ts, prev?.ts ?? ts), heardAt: now });
      const waiters = this.waiters.get(symbol);
      if (!waiters) continue;
      for (const w of [...waiters]) if (ts > w.at) w.resolve(true);
    }
  }

  /** Let every waiter go (false): they fall back to re-checking. */
  release() {
    for (const set of [...this.waiters.values()]) for (const w of [...set]) w.resolve(false);
  }

  async stop() {
    this.stopped = true;
    this.release();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
