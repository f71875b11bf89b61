import { type CandleInterval, candlesResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { marketKeys } from '../../../lib/query/index.ts';

/** GET /api/candles: candles with time in seconds, oldest first. */
export function getCandles(symbol: string, interval: CandleInterval, limit: number, signal?: AbortSignal) {
  return api('/api/candles', candlesResponseSchema, { query: { symbol, interval, limit }, signal });
}

/** Refetched after a reconnect (candles missed while away are filled in) and every `refetchMs`. */
export function useCandles(symbol: string, interval: CandleInterval, limit: number, refetchMs?: number) {
  return useQuery({
    queryKey: marketKeys.candles(symbol, interval, limit),
    queryFn: ({ signal }) => getCandles(symbol, interval, limit, signal),
    refetchInterval: refetchMs ?? false,
  });
}
