import {
  type Balances,
  IDEMPOTENCY_HEADER,
  type PlaceTradeBody,
  type PlaceTradeResponse,
  placeTradeResponseSchema,
  type Trade,
} from '@app/shared';
import { ApiError, api } from '../../../lib/api.ts';
import { balancesOf } from '../../../lib/session/index.ts';
import { tradeOf } from '../../../lib/trades.ts';

/** What the card needs from a placement answer; balances may be missing from a leaner answer. */
export type Placement = { trade: Trade; balances: Balances | null; serverTime: number };

export function placementOf(body: unknown): Placement | null {
  const exact = placeTradeResponseSchema.safeParse(body);
  if (exact.success) return exact.data satisfies PlaceTradeResponse;
  if (!body || typeof body !== 'object') return null;
  const trade = tradeOf(body);
  const serverTime = 'serverTime' in body ? body.serverTime : undefined;
  if (!trade || typeof serverTime !== 'number') return null;
  return { trade, balances: balancesOf(body), serverTime };
}

/**
 * POST /api/trades: asks the server to place a trade. The server checks it, debits the stake
 * and schedules the settlement; the same Idempotency-Key on a retry never places it twice.
 */
export async function placeTrade(body: PlaceTradeBody, idempotencyKey: string): Promise<Placement> {
  const answer = await api<unknown>('/api/trades', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  const placement = placementOf(answer);
  // A 2xx we cannot read: the trade may exist; the orders page shows it.
  if (!placement) throw new ApiError(200, null);
  return placement;
}

/** A fresh key per click: 32 random hex digits (crypto.getRandomValues works on plain http too). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
