import { DEFAULT_USDT_INR, usdtInrResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { marketKeys } from './query/index.ts';

/**
 * The USDT-INR display rate for pages outside the market (receipts): trades are priced and
 * compared in USDT; the rupee figure beside a price is for reading only.
 */

/** A display rate changes slowly: one request serves the whole app for a minute. */
const RATE_FRESH_MS = 60_000;

/** GET /api/binance/usdt-inr */
export async function getUsdtInrRate(signal?: AbortSignal): Promise<number> {
  const { inr } = await api('/api/binance/usdt-inr', usdtInrResponseSchema, { signal });
  return inr > 0 ? inr : DEFAULT_USDT_INR;
}

/** The rate, or the default until (or unless) the server gives one. */
export function useUsdtInr(): number {
  const { data } = useQuery({
    queryKey: marketKeys.usdtInr(),
    queryFn: ({ signal }) => getUsdtInrRate(signal),
    staleTime: RATE_FRESH_MS,
  });
  return data ?? DEFAULT_USDT_INR;
}
