import { ADMIN_REQUESTS_PAGE_SIZE, type AdminTopup, type Pagination } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';
import type { StatusFilter } from '../../../lib/status-filter.ts';

export interface AdminTopupsQuery {
  page: number;
  status: StatusFilter;
}

export interface AdminTopupsResponse {
  items: AdminTopup[];
  pagination: Pagination;
}

/** GET /api/topups: 20 a page, `status` pending unless told otherwise (`all` for every status). */
export function listAdminTopups(query: AdminTopupsQuery, signal?: AbortSignal) {
  return api<AdminTopupsResponse>('/api/topups', {
    query: { page: query.page, limit: ADMIN_REQUESTS_PAGE_SIZE, status: query.status },
    signal,
  });
}

/** `refreshKey` reloads the same page (a live badge event, a reconnect). */
export function useAdminTopups(query: AdminTopupsQuery, refreshKey: number) {
  return useQuery((signal) => listAdminTopups(query, signal), [query.page, query.status, refreshKey]);
}
