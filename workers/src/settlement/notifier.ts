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

/** Events settledMany sends per Redis write. */
const SETTLED_SLICE = 50;

/**
 * Tells the trade's owner, through the Socket.IO Redis emitter (the gateways' adapter relays
 * it to the `user:{id}` room on every gateway): `trade:settled` with the final trade and both
 * balances, then `balance` (for a batch, once per owner, after the batch's trades). Best
 * effort: the database is the record, and a lost event only means the browser learns the
 * result from its next read.
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
    const view = toBalancesView(balances);
    this.emitTrade(trade, view);
    this.emitBalance(trade.userId, view);
  }

  /**
   * The events of a batch of settlements, from one read of the owners' balances (user id →
   * balances after the batch): `trade:settled` for every trade, each carrying its owner's
   * balances, then one `balance` per owner (not per trade: every one would carry the same
   * balances). Sent `slice` events at a time, each slice a Redis write of its own (the
   * auto-pipeline flushes between them), so the gateways start relaying the first while the
   * rest are encoded.
   */
  async settledMany(
    trades: readonly TradeRow[],
    balances: ReadonlyMap<string, LedgerBalances>,
    slice = SETTLED_SLICE,
  ): Promise<void> {
    const views = new Map<string, BalancesView>();
    const settled = trades.map((trade) => {
      let view = views.get(trade.userId);
      if (!view) {
        const ledger = balances.get(trade.userId);
        if (!ledger) throw new Error(`no balances of user ${trade.userId}`);
        view = toBalancesView(ledger);
        views.set(trade.userId, view);
      }
      return { trade, view };
    });
    let sent = 0;
    const paced = async (emit: () => void) => {
      if (sent > 0 && sent % slice === 0) await new Promise((resolve) => setImmediate(resolve));
      emit();
      sent++;
    };
    for (const { trade, view } of settled) await paced(() => this.emitTrade(trade, view));
    for (const [userId, view] of views) await paced(() => this.emitBalance(userId, view));
  }

  private emitTrade(trade: TradeRow, view: BalancesView) {
    this.emitter
      .to(rooms.user(trade.userId))
      .emit('trade:settled', { trade: toTradeView(trade), balances: view });
  }

  private emitBalance(userId: string, view: BalancesView) {
    this.emitter.to(rooms.user(userId)).emit('balance', { ...view, reason: 'trade_settled' });
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
