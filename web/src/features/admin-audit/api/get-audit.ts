import { type AuditFilter, auditListResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

export type AuditListQuery = AuditFilter & { page: number; limit: number };

/** Every page and filter of the trail shares this root. */
export const auditKeys = {
  lists: () => [...adminKeys.all, 'audit'] as const,
  list: (query: AuditListQuery) => [...auditKeys.lists(), query] as const,
};

/** GET /api/admin/audit */
export function getAudit(query: AuditListQuery, signal?: AbortSignal) {
  return api('/api/admin/audit', auditListResponseSchema, { query: { ...query }, signal });
}

export function useAudit(query: AuditListQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
