import type { Balances as LedgerBalances, TradeRow } from '@app/db';
import {
  type Balances as BalancesView,
  type BulkUserEvent,
  encodeUserEvents,
  toBalancesView,
  toTradeView,
  userEventsChannel,
} from '@app/shared';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

/** Events settledMany puts in one message. */
const SETTLED_SLICE = 100;

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
    // Pub/sub channels are not keys: the prefix is added here.
    this.channel = `${redisPrefix}${userEventsChannel()}`;
  }

  settled(trade: TradeRow, balances: LedgerBalances) {
    const view = toBalancesView(balances);
    this.publish([settledEvent(trade, view), balanceEvent(trade.userId, view)]);
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
    slice = SETTLED_SLICE,
  ): Promise<void> {
    const views = new Map<string, BalancesView>();
    for (const trade of trades) {
      if (views.has(trade.userId)) continue;
      const ledger = balances.get(trade.userId);
      if (!ledger) throw new Error(`no balances of user ${trade.userId}`);
      views.set(trade.userId, toBalancesView(ledger));
    }
    const view = (userId: string) => views.get(userId) as BalancesView;
    const events: BulkUserEvent[] = [];
    for (let i = 0; i < trades.length; i += slice) {
      const part = trades.slice(i, i + slice).map((trade) => settledEvent(trade, view(trade.userId)));
      if (i + slice < trades.length) {
        this.publish(part);
        await new Promise((resolve) => setImmediate(resolve));
      } else events.push(...part);
    }
    for (const [userId, v] of views) events.push(balanceEvent(userId, v));
    for (let i = 0; i < events.length; i += slice) this.publish(events.slice(i, i + slice));
  }

  private publish(events: BulkUserEvent[]) {
    if (events.length === 0) return;
    this.redis.publish(this.channel, encodeUserEvents(events)).catch((err: unknown) => this.failed(err));
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
