import { isUuid } from '@app/shared';
import type { DbOrTx } from './client.ts';
import { TradeNotFoundError } from './errors.ts';
import type { TradeRow } from './schema/trades.ts';
import { callSqlFunction, TRADE_OUTPUT, toTradeRow } from './sql-call.ts';

/**
 * An admin's cancellation of a RUNNING trade with a reason the user sees; the stake is refunded
 * (cancel_trade, db/sql/cancel_trade.sql). TradeNotRunningError for a final trade.
 */
export async function cancelTrade(
  db: DbOrTx,
  tradeId: string,
  input: { adminId: string; reason: string },
): Promise<{ trade: TradeRow; balanceAfter: bigint }> {
  if (!isUuid(tradeId)) throw new TradeNotFoundError(tradeId);
  const [row] = await callSqlFunction<Record<string, unknown> & { o_balance: bigint }>(
    db,
    'cancel_trade',
    `r.o_balance, ${TRADE_OUTPUT}`,
    [
      [tradeId, 'uuid'],
      [input.adminId, 'uuid'],
      [input.reason, 'text'],
    ],
    { tradeId, userId: input.adminId },
  );
  if (!row) throw new Error('cancel_trade returned no row');
  return { trade: toTradeRow(row), balanceAfter: row.o_balance };
}
