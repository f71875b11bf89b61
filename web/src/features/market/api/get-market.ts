import { marketResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/market: the enabled coins in sort order, the USDT-INR rate and the feed status. */
export function getMarket(signal?: AbortSignal) {
  return api('/api/market', marketResponseSchema, { signal });
}
