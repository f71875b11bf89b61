import { referralKeyListResponseSchema } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

export interface ReferralKeyQuery {
  q: string;
  page: number;
  limit: number;
}

/** GET /api/referral-keys */
export function listReferralKeys(query: ReferralKeyQuery, signal?: AbortSignal) {
  return api('/api/referral-keys', referralKeyListResponseSchema, { query: { ...query }, signal });
}

export function useReferralKeys(query: ReferralKeyQuery) {
  return useQuery({
    queryKey: adminKeys.referralKeys(query),
    queryFn: ({ signal }) => listReferralKeys(query, signal),
    placeholderData: keepPreviousData,
  });
}
