import type { UsdtInrResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/binance/usdt-inr: the display rate for INR prices. */
export function getUsdtInr(signal?: AbortSignal): Promise<UsdtInrResponse> {
  return api<UsdtInrResponse>('/api/binance/usdt-inr', { signal });
}
