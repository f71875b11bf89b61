import type { CandleInterval, CandlesResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

/** GET /api/candles: candles with time in seconds, oldest first. */
export function getCandles(
  symbol: string,
  interval: CandleInterval,
  limit: number,
  signal?: AbortSignal,
): Promise<CandlesResponse> {
  return api<CandlesResponse>('/api/candles', { query: { symbol, interval, limit }, signal });
}

/** Reloads when the coin, interval or `refreshKey` (a reconnect, a timer) changes. */
export function useCandles(symbol: string, interval: CandleInterval, limit: number, refreshKey = 0) {
  return useQuery(
    (signal) => getCandles(symbol, interval, limit, signal),
    [symbol, interval, limit, refreshKey],
  );
}
