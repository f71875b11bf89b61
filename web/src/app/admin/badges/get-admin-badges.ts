import { type AdminBadges, adminBadgesSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/admin/badges: pending top-ups and withdrawals right now. */
export async function getAdminBadges(signal?: AbortSignal): Promise<AdminBadges> {
  return adminBadgesSchema.parse(await api<unknown>('/api/admin/badges', { signal }));
}
