import { type ArchivedTick, archiveTicks, type DbOrTx } from '@app/db';
import type { Tick } from '@app/shared';
import type { Logger } from '../logger.ts';

/** Past this many unwritten (symbol, second) rows, the oldest go: Postgres has been down for long. */
const MAX_PENDING = 200_000;

function isLater(a: ArchivedTick, b: ArchivedTick): boolean {
  const dt = a.exchangeTs.getTime() - b.exchangeTs.getTime();
  if (dt !== 0) return dt > 0;
  return (a.aggTradeId ?? 0) >= (b.aggTradeId ?? 0);
}

/**
 * Batches ticks into the Postgres archive: the last tick of every second per symbol, written
 * about once a second. A failed write keeps the rows for the next attempt.
 */
export class TickArchiver {
  private pending = new Map<string, ArchivedTick>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** Rows written so far, for logs and tests. */
  written = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly logger: Logger,
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
  }

  private keep(row: ArchivedTick) {
    const key = `${row.symbol}|${Math.floor(row.exchangeTs.getTime() / 1000)}`;
    const prev = this.pending.get(key);
    if (!prev || isLater(row, prev)) this.pending.set(key, row);
  }

  start(everyMs: number) {
    this.timer = setInterval(() => void this.flush(), everyMs);
  }

  /** Write what is pending; concurrent calls share one write. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async write() {
    if (this.pending.size === 0) return;
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
    }
  }

  /** Stop the timer and write what is left. */
  async stop() {
    clearInterval(this.timer);
    await this.flush();
    if (this.pending.size > 0) await this.flush();
  }
}
