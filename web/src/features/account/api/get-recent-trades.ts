import { MONEY_ACCOUNTS, type MoneyAccount, tradeSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';
import { type Outcome, outcomeOf } from '../../../lib/trades.ts';

/** A row of the dashboard's Recent Trades, from a trade or a trade-log entry. */
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

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function legacyOutcome(status: string, result: string | null): Outcome {
  if (status.toLowerCase() === 'running') return 'running';
  if (result === 'Win') return 'win';
  if (result === 'Loss') return 'loss';
  if (result === 'Draw') return 'draw';
  if (status === 'void' || status === 'cancelled') return status;
  return 'draw';
}

/** One entry, whichever shape the API sends; null for one that cannot be read. */
export function recentTradeOf(entry: unknown): RecentTrade | null {
  const trade = tradeSchema.safeParse(entry);
  if (trade.success) {
    const t = trade.data;
    return {
      id: t.id,
      pair: t.pair,
      direction: t.direction,
      amount: t.amount,
      outcome: outcomeOf(t),
      profit: t.status === 'running' ? null : (t.profit ?? 0),
      createdAt: t.createdAt,
      account: t.account,
    };
  }
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  const id = str(e.id) ?? str(e._id);
  const type = (str(e.tradeType) ?? str(e.direction) ?? '').toLowerCase();
  const amount = num(e.amount);
  const createdAt = str(e.createdAt);
  if (!id || (type !== 'up' && type !== 'down') || amount === null || !createdAt) return null;
  const account = str(e.account);
  return {
    id,
    pair: str(e.pair) ?? '',
    direction: type,
    amount,
    outcome: legacyOutcome(str(e.status) ?? '', str(e.result)),
    profit: num(e.profit),
    createdAt,
    account:
      account && (MONEY_ACCOUNTS as readonly string[]).includes(account) ? (account as MoneyAccount) : null,
  };
}

/** The answer's rows: `items`, `rows`, `data` or the array itself. */
export function recentTradesOf(body: unknown): RecentTrade[] {
  let rows: unknown = body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    rows = b.items ?? b.rows ?? b.data;
  }
  if (!Array.isArray(rows)) return [];
  return rows
    .map(recentTradeOf)
    .filter((r): r is RecentTrade => r !== null)
    .slice(0, RECENT_TRADES_LIMIT);
}

/** GET /api/trade-log?mine=true&limit=5&page=1&sort=-createdAt */
export async function getRecentTrades(signal?: AbortSignal): Promise<RecentTrade[]> {
  const body = await api<unknown>('/api/trade-log', {
    query: { mine: true, limit: RECENT_TRADES_LIMIT, page: 1, sort: '-createdAt' },
    signal,
  });
  return recentTradesOf(body);
}

/** Loaded again whenever one of `reloadOn` changes (a trade event, a reconnect). */
export function useRecentTrades(reloadOn: readonly number[]) {
  return useQuery((signal) => getRecentTrades(signal), reloadOn);
}
