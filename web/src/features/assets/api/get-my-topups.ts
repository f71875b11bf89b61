import { MY_REQUESTS_PAGE_SIZE, topupsResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { topupKeys } from '../../../lib/query/index.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';

export type MyRequestsFilter = { userId: string; page: number; status: StatusFilter };

/** GET /api/topups/my?page&limit=5&status: my top-up requests, newest first. */
export function getMyTopups({ page, status }: MyRequestsFilter, signal?: AbortSignal) {
  return api('/api/topups/my', topupsResponseSchema, {
    query: { page, limit: MY_REQUESTS_PAGE_SIZE, status: status === 'all' ? undefined : status },
    signal,
  });
}

/** `topup:updated` patches or refetches it (lib/query/cache-sync.ts). */
export function useMyTopups(filter: MyRequestsFilter) {
  return useQuery({
    queryKey: topupKeys.mine(filter),
    queryFn: ({ signal }) => getMyTopups(filter, signal),
    placeholderData: keepPreviousData,
  });
}
