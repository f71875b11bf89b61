import { type ReferralKeyCreateBody, referralKeyResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** POST /api/referral-keys */
export function createReferralKey(body: ReferralKeyCreateBody) {
  return api('/api/referral-keys', referralKeyResponseSchema, { method: 'POST', body });
}

export function useCreateReferralKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReferralKey,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.referralKeyLists() }),
  });
}
