import type { LoginRecord } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

export interface LoginHistoryQuery {
  page: number;
  limit: number;
  q?: string;
  user?: string;
  excludeRole?: 'superadmin';
}

export interface LoginHistoryResponse {
  items: LoginRecord[];
  pagination: { total: number; page: number; limit: number; pages: number };
}

/** GET /api/admin-stats/login-history */
export function getLoginHistory(query: LoginHistoryQuery, signal?: AbortSignal) {
  return api<LoginHistoryResponse>('/api/admin-stats/login-history', { query: { ...query }, signal });
}

export function useLoginHistory(query: LoginHistoryQuery) {
  return useQuery(
    (signal) => getLoginHistory(query, signal),
    [query.page, query.limit, query.q, query.user, query.excludeRole],
  );
}
