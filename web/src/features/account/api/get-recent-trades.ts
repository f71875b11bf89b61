import { type MoneyAccount, type TradeLog, tradeLogSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tradeKeys } from '../../../lib/query/index.ts';
import { type Outcome, outcomeOf } from '../../../lib/trades.ts';

/** A row of the dashboard's Recent Trades. */
export type RecentTrade = {
  id: string;
  pair: string;
  direction: 'up' | 'down';
  amount: number;
  outcome: Outcome;
  profit: number | null;
  createdAt: string;
  account: MoneyAccount | null;
};

export const RECENT_TRADES_LIMIT = 5;

/** The rows of a trade-log page, at most five. */
export function recentTradesOf(log: Pick<TradeLog, 'items'>): RecentTrade[] {
  return log.items.slice(0, RECENT_TRADES_LIMIT).map((t) => ({
    id: t.id,
    pair: t.pair,
    direction: t.direction,
    amount: t.amount,
    outcome: outcomeOf(t),
    profit: t.status === 'running' ? null : (t.profit ?? 0),
    createdAt: t.createdAt,
    account: t.account,
  }));
}

/** GET /api/trade-log?mine=true&limit=5&page=1&sort=-createdAt */
export async function getRecentTrades(signal?: AbortSignal): Promise<RecentTrade[]> {
  const log = await api('/api/trade-log', tradeLogSchema, {
    query: { mine: true, limit: RECENT_TRADES_LIMIT, page: 1, sort: '-createdAt' },
    signal,
  });
  return recentTradesOf(log);
}

/** Refetched when a trade is placed or settled (lib/query/cache-sync.ts) and after a reconnect. */
export function useRecentTrades() {
  return useQuery({ queryKey: tradeKeys.recent(), queryFn: ({ signal }) => getRecentTrades(signal) });
}
