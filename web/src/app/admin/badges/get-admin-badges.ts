import { type AdminBadges, adminBadgesSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** GET /api/admin/badges: pending top-ups and withdrawals right now. */
export function getAdminBadges(signal?: AbortSignal): Promise<AdminBadges> {
  return api('/api/admin/badges', adminBadgesSchema, { signal });
}

/**
 * The sidebar's pending counts: loaded when the admin panel opens and after a reconnect, then
 * live from `admin:badges` (lib/query/cache-sync.ts). No polling. A failure shows no badge:
 * the lists themselves say when they cannot load.
 */
export function useAdminBadges() {
  return useQuery({ queryKey: adminKeys.badges(), queryFn: ({ signal }) => getAdminBadges(signal) });
}
