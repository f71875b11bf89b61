import { loginHistoryResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

export interface LoginHistoryQuery {
  page: number;
  limit: number;
  q?: string;
  user?: string;
  excludeRole?: 'superadmin';
}

/** GET /api/admin-stats/login-history */
export function getLoginHistory(query: LoginHistoryQuery, signal?: AbortSignal) {
  return api('/api/admin-stats/login-history', loginHistoryResponseSchema, { query: { ...query }, signal });
}

export function useLoginHistory(query: LoginHistoryQuery) {
  return useQuery({
    queryKey: adminKeys.logins(query),
    queryFn: ({ signal }) => getLoginHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}
