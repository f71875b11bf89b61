import { MY_REQUESTS_PAGE_SIZE, withdrawalsResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withdrawalKeys } from '../../../lib/query/index.ts';
import type { MyRequestsFilter } from './get-my-topups.ts';

/** GET /api/withdrawals/my?page&limit=5&status: my withdrawal requests, newest first. */
export function getMyWithdrawals({ page, status }: MyRequestsFilter, signal?: AbortSignal) {
  return api('/api/withdrawals/my', withdrawalsResponseSchema, {
    query: { page, limit: MY_REQUESTS_PAGE_SIZE, status: status === 'all' ? undefined : status },
    signal,
  });
}

/** `withdrawal:updated` patches or refetches it (lib/query/cache-sync.ts). */
export function useMyWithdrawals(filter: MyRequestsFilter) {
  return useQuery({
    queryKey: withdrawalKeys.mine(filter),
    queryFn: ({ signal }) => getMyWithdrawals(filter, signal),
    placeholderData: keepPreviousData,
  });
}
