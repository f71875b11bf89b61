import type { ReferralKey } from '@app/shared';
import { api } from '../../../lib/api.ts';
import { useQuery } from '../../../lib/hooks.ts';

export interface ReferralKeyQuery {
  q: string;
  page: number;
  limit: number;
}

/** GET /api/referral-keys */
export function listReferralKeys(query: ReferralKeyQuery, signal?: AbortSignal) {
  return api<{ rows: ReferralKey[]; total: number }>('/api/referral-keys', { query: { ...query }, signal });
}

export function useReferralKeys(query: ReferralKeyQuery) {
  return useQuery((signal) => listReferralKeys(query, signal), [query.q, query.page, query.limit]);
}
