import { adminCardsResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** GET /api/admin-stats/cards */
export function getAdminCards(signal?: AbortSignal) {
  return api('/api/admin-stats/cards', adminCardsResponseSchema, { signal });
}

export function useAdminCards() {
  return useQuery({ queryKey: adminKeys.cards(), queryFn: ({ signal }) => getAdminCards(signal) });
}
