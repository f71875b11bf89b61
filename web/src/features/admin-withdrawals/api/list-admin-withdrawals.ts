import { ADMIN_REQUESTS_PAGE_SIZE, adminWithdrawalsResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withdrawalKeys } from '../../../lib/query/index.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';

export interface AdminWithdrawalsQuery {
  page: number;
  status: StatusFilter;
  search: string;
}

/** GET /api/withdrawals: 20 a page, every status unless filtered, searched by name, email, TRX or method. */
export function listAdminWithdrawals(query: AdminWithdrawalsQuery, signal?: AbortSignal) {
  return api('/api/withdrawals', adminWithdrawalsResponseSchema, {
    query: {
      page: query.page,
      limit: ADMIN_REQUESTS_PAGE_SIZE,
      status: query.status === 'all' ? undefined : query.status,
      search: query.search || undefined,
    },
    signal,
  });
}

/** Refetched by Refresh, a live badge event and a reconnect. */
export function useAdminWithdrawals(query: AdminWithdrawalsQuery) {
  return useQuery({
    queryKey: withdrawalKeys.admin(query),
    queryFn: ({ signal }) => listAdminWithdrawals(query, signal),
    placeholderData: keepPreviousData,
  });
}
