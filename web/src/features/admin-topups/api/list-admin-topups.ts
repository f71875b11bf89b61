import { ADMIN_REQUESTS_PAGE_SIZE, adminTopupsResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { topupKeys } from '../../../lib/query/index.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';

export interface AdminTopupsQuery {
  page: number;
  status: StatusFilter;
}

/** GET /api/topups: 20 a page, `status` pending unless told otherwise (`all` for every status). */
export function listAdminTopups(query: AdminTopupsQuery, signal?: AbortSignal) {
  return api('/api/topups', adminTopupsResponseSchema, {
    query: { page: query.page, limit: ADMIN_REQUESTS_PAGE_SIZE, status: query.status },
    signal,
  });
}

/** Refetched by a live badge event and after a reconnect. */
export function useAdminTopups(query: AdminTopupsQuery) {
  return useQuery({
    queryKey: topupKeys.admin(query),
    queryFn: ({ signal }) => listAdminTopups(query, signal),
    placeholderData: keepPreviousData,
  });
}
