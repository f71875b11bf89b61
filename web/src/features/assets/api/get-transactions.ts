import { RECORDS_PAGE_SIZE, type RecordBillFilter, walletTransactionsResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { walletKeys } from '../../../lib/query/index.ts';

export type RecordsFilter = { page: number; type: RecordBillFilter; currency: string };

/** GET /api/wallet/transactions/my?page&limit=10&type&currency&sort: my ledger, newest first. */
export function getTransactions(filter: RecordsFilter, signal?: AbortSignal) {
  return api('/api/wallet/transactions/my', walletTransactionsResponseSchema, {
    query: {
      page: filter.page,
      limit: RECORDS_PAGE_SIZE,
      type: filter.type,
      currency: filter.currency,
      sort: '-createdAt',
    },
    signal,
  });
}

export function useTransactions(filter: RecordsFilter) {
  return useQuery({
    queryKey: walletKeys.transactions(filter),
    queryFn: ({ signal }) => getTransactions(filter, signal),
    placeholderData: keepPreviousData,
  });
}
