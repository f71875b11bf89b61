import type { MoneyAccount, TradeDirection, TradeStatus } from './constants.ts';
import { e8ToNumber, FEED_SOURCES, type FeedSource } from './market.ts';
import { paiseToRupees } from './money.ts';
import type { Balances, Trade, TradePrice } from './schemas/trades.ts';

/**
 * A stored trade as the API and the live events speak it: rupees, ISO times, prices with
 * their exact e8. Pure, and fed with plain fields (a db trade row fits as it is), so the
 * gateway's responses and the workers' `trade:settled` events carry the same shape.
 */

/** The fields of a trade row the view reads (money in paise, prices x 1e8). */
export type TradeFields = {
  id: string;
  symbol: string;
  account: MoneyAccount;
  direction: TradeDirection;
  amount: bigint;
  durationSeconds: number;
  payoutPercent: number;
  status: TradeStatus;
  entryPriceE8: bigint;
  entryAggTradeId: number | null;
  entryExchangeTs: Date;
  entrySource: string;
  exitPriceE8: bigint | null;
  exitAggTradeId: number | null;
  exitExchangeTs: Date | null;
  exitSource: string | null;
  payout: bigint | null;
  profit: bigint | null;
  voidReason: string | null;
  cancelReason: string | null;
  expiresAt: Date;
  createdAt: Date;
  settledAt: Date | null;
};

function feedSource(source: string): FeedSource {
  const known = FEED_SOURCES.find((s) => s === source);
  // Entry and exit ticks come only from the feed; anything else is corrupt data, not a receipt.
  if (!known) throw new Error(`unknown feed source in a trade: ${source}`);
  return known;
}

const RESULTS = { won: 'Win', lost: 'Loss', draw: 'Draw' } as const;

const rupees = (paise: bigint | null) => (paise === null ? null : paiseToRupees(paise));

export function toTradeView(row: TradeFields): Trade {
  const entry: TradePrice = {
    price: e8ToNumber(row.entryPriceE8),
    priceE8: row.entryPriceE8.toString(),
    aggTradeId: row.entryAggTradeId,
    exchangeTs: row.entryExchangeTs.toISOString(),
    source: feedSource(row.entrySource),
  };
  const exit: TradePrice | null =
    row.exitPriceE8 !== null && row.exitExchangeTs !== null && row.exitSource !== null
      ? {
          price: e8ToNumber(row.exitPriceE8),
          priceE8: row.exitPriceE8.toString(),
          aggTradeId: row.exitAggTradeId,
          exchangeTs: row.exitExchangeTs.toISOString(),
          source: feedSource(row.exitSource),
        }
      : null;
  const result =
    row.status === 'won' || row.status === 'lost' || row.status === 'draw' ? RESULTS[row.status] : null;
  return {
    id: row.id,
    symbol: row.symbol,
    pair: `${row.symbol}/INR`,
    account: row.account,
    direction: row.direction,
    amount: paiseToRupees(row.amount),
    durationSeconds: row.durationSeconds,
    payoutPercent: row.payoutPercent,
    status: row.status,
    result,
    entry,
    exit,
    payout: rupees(row.payout),
    profit: rupees(row.profit),
    reason: row.voidReason ?? row.cancelReason ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** Both balances (paise) in rupees. */
export const toBalancesView = (balances: { real: bigint; practice: bigint }): Balances => ({
  real: paiseToRupees(balances.real),
  practice: paiseToRupees(balances.practice),
});
