import { IDEMPOTENCY_HEADER, type PlaceTradeBody, placeTradeResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/trades: asks the server to place a trade. The server checks it, debits the stake
 * and schedules the settlement; the same Idempotency-Key on a retry never places it twice.
 * The trade flow (stores/trade-flow.ts) calls it: it retries a lost answer with the same key
 * and outlives the card, which a component's mutation would not.
 */
export function placeTrade(body: PlaceTradeBody, idempotencyKey: string) {
  return api('/api/trades', placeTradeResponseSchema, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}
