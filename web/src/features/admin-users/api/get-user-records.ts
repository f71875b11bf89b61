import {
  ADMIN_LEDGER_PAGE_SIZE,
  type MoneyAccount,
  type RecordBillFilter,
  walletTransactionsResponseSchema,
} from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminUserKeys } from './keys.ts';

export type UserRecordsFilter = { type: RecordBillFilter; account: MoneyAccount; page: number };

/** GET /api/admin/wallet/transactions/:id: one user's Financial Records, newest first, 20 a page. */
export function getUserRecords(id: string, filter: UserRecordsFilter, signal?: AbortSignal) {
  return api(`/api/admin/wallet/transactions/${encodeURIComponent(id)}`, walletTransactionsResponseSchema, {
    query: { ...filter, limit: ADMIN_LEDGER_PAGE_SIZE, sort: '-createdAt' },
    signal,
  });
}

export function useUserRecords(id: string, filter: UserRecordsFilter) {
  return useQuery({
    queryKey: adminUserKeys.records(id, filter),
    queryFn: ({ signal }) => getUserRecords(id, filter, signal),
    placeholderData: keepPreviousData,
  });
}
