import { type MoneyAccount, type TradeList, tradeListSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

export type TradeListFilter = {
  status: 'running' | 'completed';
  account: MoneyAccount;
  page: number;
  limit: number;
};

/** GET /api/trades: my trades of one account, running or completed, newest first. */
export async function getTrades(filter: TradeListFilter, signal?: AbortSignal): Promise<TradeList> {
  const body = await api<unknown>('/api/trades', {
    query: { ...filter, sort: '-createdAt' },
    signal,
  });
  const parsed = tradeListSchema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected trade list answer');
  return parsed.data;
}
