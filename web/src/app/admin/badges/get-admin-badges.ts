import { type AdminBadges, adminBadgesSchema } from '@app/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/admin/badges: pending top-ups and withdrawals right now. */
export function getAdminBadges(signal?: AbortSignal): Promise<AdminBadges> {
  return api('/api/admin/badges', adminBadgesSchema, { signal });
}
