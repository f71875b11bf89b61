import type { Balances as LedgerBalances, TradeRow } from '@app/db';
import {
  type Balances as BalancesView,
  type BulkUserEvent,
  toBalancesView,
  toTradeView,
  USER_EVENTS_PER_MESSAGE,
  userEventMessages,
  userEventsChannel,
} from '@app/shared';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

/**
 * Tells the trade's owner: `trade:settled` with the final trade and both balances, then
 * `balance` (for a batch, once per owner, after the batch's trades). The events go in bulk on
 * `userEventsChannel()`, one Redis message per slice, and every gateway delivers them to its
 * sockets in each owner's `user:{id}` room: one JSON encoding per slice here and one parse per
 * slice on each gateway, where the Socket.IO emitter would encode and decode a packet per event.
 * Best effort: the database is the record, and a lost event only means the browser learns the
 * result from its next read.
 */
export class SettlementNotifier {
  private readonly channel: string;
  private lastErrorLog = 0;

  constructor(
    private readonly redis: Redis,
    redisPrefix: string,
    private readonly logger: Logger,
  ) {
    this.channel = userEventsChannel(redisPrefix);
  }

  settled(trade: TradeRow, balances: LedgerBalances) {
    const view = toBalancesView(balances);
    for (const message of userEventMessages([settledEvent(trade, view), balanceEvent(trade.userId, view)])) {
      this.publish(message);
    }
  }

  /**
   * The events of a batch of settlements, from one read of the owners' balances (user id →
   * balances after the batch): `trade:settled` for every trade, each carrying its owner's
   * balances, then one `balance` per owner (not per trade: every one would carry the same
   * balances). Published `slice` events per message, yielding between messages, so the
   * gateways start delivering the first while the rest are encoded.
   */
  async settledMany(
    trades: readonly TradeRow[],
    balances: ReadonlyMap<string, LedgerBalances>,
    slice = USER_EVENTS_PER_MESSAGE,
  ): Promise<void> {
    const views = new Map<string, BalancesView>();
    for (const trade of trades) {
      if (views.has(trade.userId)) continue;
      const ledger = balances.get(trade.userId);
      if (!ledger) throw new Error(`no balances of user ${trade.userId}`);
      views.set(trade.userId, toBalancesView(ledger));
    }
    const events: BulkUserEvent[] = trades.map((trade) =>
      settledEvent(trade, views.get(trade.userId) as BalancesView),
    );
    for (const [userId, view] of views) events.push(balanceEvent(userId, view));
    let sent = 0;
    for (const message of userEventMessages(events, slice)) {
      if (sent++ > 0) await new Promise((resolve) => setImmediate(resolve));
      this.publish(message);
    }
  }

  private publish(message: string) {
    this.redis.publish(this.channel, message).catch((err: unknown) => this.failed(err));
  }

  private failed(err: unknown) {
    const now = Date.now();
    if (now - this.lastErrorLog >= 5_000) {
      this.lastErrorLog = now;
      this.logger.error({ err }, 'settlement event not published');
    }
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

function settledEvent(trade: TradeRow, balances: BalancesView): BulkUserEvent {
  return { userId: trade.userId, event: 'trade:settled', data: { trade: toTradeView(trade), balances } };
}

function balanceEvent(userId: string, view: BalancesView): BulkUserEvent {
  return { userId, event: 'balance', data: { ...view, reason: 'trade_settled' } };
}
