import type { Balances as LedgerBalances, TradeRow } from '@app/db';
import {
  type Balances as BalancesView,
  rooms,
  type ServerToClientEvents,
  toBalancesView,
  toTradeView,
} from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

/** Trades whose events settledMany sends per Redis write. */
const SETTLED_SLICE = 25;

/**
 * Tells the trade's owner, through the Socket.IO Redis emitter (the gateways' adapter relays
 * it to the `user:{id}` room on every gateway): `trade:settled` with the final trade and both
 * balances, then `balance`. Best effort: the database is the record, and a lost event only
 * means the browser learns the result from its next read.
 */
export class SettlementNotifier {
  private readonly emitter: Emitter<ServerToClientEvents>;
  private lastErrorLog = 0;

  constructor(
    private readonly redis: Redis,
    redisPrefix: string,
    private readonly logger: Logger,
  ) {
    // The emitter calls `publish` without awaiting it: failures are caught here, never unhandled.
    const client = {
      publish: (channel: string, message: Buffer | string) =>
        this.redis.publish(channel, message).catch((err: unknown) => this.failed(err)),
    };
    this.emitter = new Emitter<ServerToClientEvents>(client, { key: `${redisPrefix}socket.io` });
  }

  settled(trade: TradeRow, balances: LedgerBalances) {
    this.emitSettled(trade, toBalancesView(balances));
  }

  /**
   * The events of a batch of settlements, from one read of the owners' balances (user id →
   * balances after the batch): each trade's owner gets both events, as `settled` sends them.
   * Sent `slice` trades at a time, each slice a Redis write of its own (the auto-pipeline
   * flushes between them), so the gateways start relaying the first while the rest are encoded.
   */
  async settledMany(
    trades: readonly TradeRow[],
    balances: ReadonlyMap<string, LedgerBalances>,
    slice = SETTLED_SLICE,
  ): Promise<void> {
    const views = new Map<string, BalancesView>();
    for (const [i, trade] of trades.entries()) {
      if (i > 0 && i % slice === 0) await new Promise((resolve) => setImmediate(resolve));
      let view = views.get(trade.userId);
      if (!view) {
        const ledger = balances.get(trade.userId);
        if (!ledger) throw new Error(`no balances of user ${trade.userId}`);
        view = toBalancesView(ledger);
        views.set(trade.userId, view);
      }
      this.emitSettled(trade, view);
    }
  }

  private emitSettled(trade: TradeRow, view: BalancesView) {
    const room = this.emitter.to(rooms.user(trade.userId));
    room.emit('trade:settled', { trade: toTradeView(trade), balances: view });
    room.emit('balance', { ...view, reason: 'trade_settled' });
  }

  private failed(err: unknown) {
    const now = Date.now();
    if (now - this.lastErrorLog >= 5_000) {
      this.lastErrorLog = now;
      this.logger.error({ err }, 'settlement event not published');
    }
    return 0;
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
