import { type ArchivedTick, archiveTicks, type DbOrTx } from '@app/db';
import type { ArchivedThrough, Tick } from '@app/shared';
import type { Logger } from '../logger.ts';

/** Past this many unwritten (symbol, second) rows, the oldest go: Postgres has been down for long. */
const MAX_PENDING = 200_000;

function isLater(a: ArchivedTick, b: ArchivedTick): boolean {
  const dt = a.exchangeTs.getTime() - b.exchangeTs.getTime();
  if (dt !== 0) return dt > 0;
  return (a.aggTradeId ?? 0) >= (b.aggTradeId ?? 0);
}

export type TickArchiverOptions = {
  /** After every successful write: symbol → the latest exchange time now in the archive. */
  onWritten?: (through: ArchivedThrough) => void;
};

/**
 * Batches ticks into the Postgres archive: the last tick of every second per symbol. Rows are
 * written every `everyMs` (only the seconds that changed since the last write) and at once
 * when a symbol's first tick of a new second arrives: that tick completes the previous
 * second and is the "tick after expiry" settlement waits for, so a trade settles within
 * milliseconds of its second ending instead of up to a batch period later. A failed write
 * keeps the rows for the next attempt.
 */
export class TickArchiver {
  private pending = new Map<string, ArchivedTick>();
  /** The latest second (ms) seen per symbol: a later one means the earlier seconds are complete. */
  private readonly lastSecond = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private again = false;
  /** Rows written so far, for logs and tests. */
  written = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly logger: Logger,
    private readonly options: TickArchiverOptions = {},
  ) {}

  add(tick: Tick) {
    const row: ArchivedTick = {
      symbol: tick.symbol,
      priceE8: BigInt(tick.priceE8),
      aggTradeId: tick.aggTradeId,
      exchangeTs: new Date(tick.exchangeTs),
      receivedAt: new Date(tick.receivedAt),
      source: tick.source,
    };
    this.keep(row);
    const second = Math.floor(tick.exchangeTs / 1000) * 1000;
    const last = this.lastSecond.get(tick.symbol);
    if (last === undefined || second > last) {
      this.lastSecond.set(tick.symbol, second);
      void this.flush();
    }
  }

  private keep(row: ArchivedTick) {
    const key = `${row.symbol}|${Math.floor(row.exchangeTs.getTime() / 1000)}`;
    const prev = this.pending.get(key);
    if (!prev || isLater(row, prev)) this.pending.set(key, row);
  }

  start(everyMs: number) {
    this.timer = setInterval(() => void this.flush(), everyMs);
  }

  /**
   * Write what is pending. A call while a write is under way is served by one more write
   * right after it (rows that arrived meanwhile are not left for the next period); every
   * caller's promise settles once its rows were attempted.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      let ok = true;
      do {
        this.again = false;
        ok = await this.write();
      } while (ok && this.again && this.pending.size > 0);
    })().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** One write of everything pending; false when it failed (the rows stay pending). */
  private async write(): Promise<boolean> {
    if (this.pending.size === 0) return true;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await archiveTicks(this.db, batch);
      this.written += batch.length;
    } catch (err) {
      for (const row of batch) this.keep(row);
      const excess = this.pending.size - MAX_PENDING;
      if (excess > 0) {
        const keys = [...this.pending.keys()].slice(0, excess);
        for (const k of keys) this.pending.delete(k);
        this.logger.error({ dropped: excess }, 'tick archive backlog too long: dropped the oldest rows');
      }
      this.logger.error({ err, pending: this.pending.size }, 'tick archive write failed; will retry');
      return false;
    }
    if (this.options.onWritten) {
      const through: ArchivedThrough = {};
      for (const row of batch) {
        const ts = row.exchangeTs.getTime();
        if (ts > (through[row.symbol] ?? 0)) through[row.symbol] = ts;
      }
      try {
        this.options.onWritten(through);
      } catch (err) {
        this.logger.warn({ err }, 'tick archive listener failed');
      }
    }
    return true;
  }

  /** Stop the timer and write what is left. */
  async stop() {
    clearInterval(this.timer);
    await this.flush();
    if (this.pending.size > 0) await this.flush();
  }
}
