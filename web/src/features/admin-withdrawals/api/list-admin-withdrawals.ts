import { ADMIN_REQUESTS_PAGE_SIZE, type AdminWithdrawal, type Pagination } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';

export interface AdminWithdrawalsQuery {
  page: number;
  status: StatusFilter;
  search: string;
}

export interface AdminWithdrawalsResponse {
  items: AdminWithdrawal[];
  pagination: Pagination;
}

/** GET /api/withdrawals: 20 a page, every status unless filtered, searched by name, email, TRX or method. */
export function listAdminWithdrawals(query: AdminWithdrawalsQuery, signal?: AbortSignal) {
  return api<AdminWithdrawalsResponse>('/api/withdrawals', {
    query: {
      page: query.page,
      limit: ADMIN_REQUESTS_PAGE_SIZE,
      status: query.status === 'all' ? undefined : query.status,
      search: query.search || undefined,
    },
    signal,
  });
}

/** `refreshKey` reloads the same page (Refresh, a live badge event, a reconnect). */
export function useAdminWithdrawals(query: AdminWithdrawalsQuery, refreshKey: number) {
  return useQuery(
    (signal) => listAdminWithdrawals(query, signal),
    [query.page, query.status, query.search, refreshKey],
  );
}
