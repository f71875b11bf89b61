import { adminUserDetailResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminUserKeys } from './keys.ts';

/** GET /api/admin/users/:id: the user with bank fields, hold, ban, sign-in lock and stats. */
export async function getAdminUser(id: string, signal?: AbortSignal) {
  return (await api(`/api/admin/users/${encodeURIComponent(id)}`, adminUserDetailResponseSchema, { signal }))
    .user;
}

export function useAdminUser(id: string) {
  return useQuery({ queryKey: adminUserKeys.detail(id), queryFn: ({ signal }) => getAdminUser(id, signal) });
}
