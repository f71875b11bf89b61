import type { AdminCardsResponse } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

/** GET /api/admin-stats/cards */
export function getAdminCards(signal?: AbortSignal): Promise<AdminCardsResponse> {
  return api<AdminCardsResponse>('/api/admin-stats/cards', { signal });
}

export function useAdminCards() {
  return useQuery((signal) => getAdminCards(signal), []);
}
