import { usdtInrResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/binance/usdt-inr: the display rate for INR prices. */
export function getUsdtInr(signal?: AbortSignal) {
  return api('/api/binance/usdt-inr', usdtInrResponseSchema, { signal });
}
