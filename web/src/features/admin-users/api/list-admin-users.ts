import { ADMIN_USERS_PAGE_SIZE, adminUsersResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminUserKeys } from './keys.ts';

export interface AdminUsersFilter {
  search: string;
  page: number;
}

/** GET /api/admin/users: 20 a page; a plain admin gets user accounts only. */
export function listAdminUsers(filter: AdminUsersFilter, signal?: AbortSignal) {
  return api('/api/admin/users', adminUsersResponseSchema, {
    query: { search: filter.search, page: filter.page, limit: ADMIN_USERS_PAGE_SIZE },
    signal,
  });
}

export function useAdminUsers(filter: AdminUsersFilter) {
  return useQuery({
    queryKey: adminUserKeys.list(filter),
    queryFn: ({ signal }) => listAdminUsers(filter, signal),
    placeholderData: keepPreviousData,
  });
}
