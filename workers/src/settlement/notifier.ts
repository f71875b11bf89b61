import type { Balances as LedgerBalances, TradeRow } from '@app/db';
import { rooms, type ServerToClientEvents, toBalancesView, toTradeView } from '@app/shared';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

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
    const view = toBalancesView(balances);
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
