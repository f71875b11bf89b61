import { type ReferralKeyPatchBody, referralKeyResponseSchema } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminKeys } from '../../../lib/query/index.ts';

/** PATCH /api/referral-keys/:id with `active` or `maxUses`. */
export function updateReferralKey({ id, body }: { id: string; body: ReferralKeyPatchBody }) {
  return api(`/api/referral-keys/${encodeURIComponent(id)}`, referralKeyResponseSchema, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateReferralKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReferralKey,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.referralKeyLists() }),
  });
}
