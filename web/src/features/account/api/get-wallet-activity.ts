import { type WalletTransactionView, walletTransactionsResponseSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

/** The dashboard shows 5 and asks for one more to know whether there is more to see. */
export const WALLET_ACTIVITY_LIMIT = 5;

export type WalletActivity = { items: WalletTransactionView[]; more: boolean };

/** GET /api/wallet/transactions/my?limit=6&page=1&sort=-createdAt: my newest ledger entries. */
export async function getWalletActivity(signal?: AbortSignal): Promise<WalletActivity> {
  const body = await api<unknown>('/api/wallet/transactions/my', {
    query: { limit: WALLET_ACTIVITY_LIMIT + 1, page: 1, sort: '-createdAt', type: 'all', currency: 'INR' },
    signal,
  });
  const parsed = walletTransactionsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected wallet activity answer');
  const { items } = parsed.data;
  return { items: items.slice(0, WALLET_ACTIVITY_LIMIT), more: items.length > WALLET_ACTIVITY_LIMIT };
}

/** Loaded again whenever one of `reloadOn` changes (money moved, a reconnect). */
export function useWalletActivity(reloadOn: readonly number[]) {
  return useQuery((signal) => getWalletActivity(signal), reloadOn);
}
