import { walletTransactionsResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { walletKeys } from '../../../lib/query/index.ts';

/** The dashboard shows 5 and asks for one more to know whether there is more to see. */
export const WALLET_ACTIVITY_LIMIT = 5;

/** GET /api/wallet/transactions/my?limit=6&page=1&sort=-createdAt: my newest ledger entries. */
export async function getWalletActivity(signal?: AbortSignal) {
  const { items } = await api('/api/wallet/transactions/my', walletTransactionsResponseSchema, {
    query: { limit: WALLET_ACTIVITY_LIMIT + 1, page: 1, sort: '-createdAt', type: 'all', currency: 'INR' },
    signal,
  });
  return { items: items.slice(0, WALLET_ACTIVITY_LIMIT), more: items.length > WALLET_ACTIVITY_LIMIT };
}

/** Refetched when money moves (a `balance` event) and after a reconnect. */
export function useWalletActivity() {
  return useQuery({ queryKey: walletKeys.activity(), queryFn: ({ signal }) => getWalletActivity(signal) });
}
