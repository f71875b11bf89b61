import {
  RECORDS_PAGE_SIZE,
  type RecordBillFilter,
  type WalletTransactionView,
  walletTransactionsResponseSchema,
} from '@app/shared';
import { api } from '../../../lib/api.ts';
import { type Paged, usePaged } from '../lib/use-paged.ts';

export type RecordsFilter = { page: number; type: RecordBillFilter; currency: string };

/** GET /api/wallet/transactions/my?page&limit=10&type&currency&sort: my ledger, newest first. */
export async function getTransactions(
  filter: RecordsFilter,
  signal?: AbortSignal,
): Promise<Paged<WalletTransactionView>> {
  const body = await api<unknown>('/api/wallet/transactions/my', {
    query: {
      page: filter.page,
      limit: RECORDS_PAGE_SIZE,
      type: filter.type,
      currency: filter.currency,
      sort: '-createdAt',
    },
    signal,
  });
  const parsed = walletTransactionsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('unexpected records answer');
  return parsed.data;
}

export function useTransactions(filter: RecordsFilter, reloadKey: number) {
  return usePaged(
    (signal) => getTransactions(filter, signal),
    [filter.page, filter.type, filter.currency, reloadKey],
  );
}
