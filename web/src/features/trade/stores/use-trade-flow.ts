import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { loadBalances, useSession } from '../../../lib/session/index.ts';
import { realtime } from '../../../lib/socket.ts';
import { getTrade } from '../api/get-trade.ts';
import { placeTrade } from '../api/place-trade.ts';
import { createTradeFlow } from './trade-flow.ts';

/** The app's one trade flow: it outlives the card, so leaving the page does not lose a running trade. */
export const useTradeFlow = createTradeFlow({
  placeTrade,
  getTrade: (id) => getTrade(id),
  onSettled: (listener) => realtime.on('trade:settled', listener),
  applyBalances: (balances) => useSession.getState().applyBalances(balances),
  refreshBalances: () => void loadBalances(),
  newKey: newIdempotencyKey,
});
