import { type ReferralKeyPatchBody, referralKeyResponseSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** PATCH /api/referral-keys/:id with `active` or `maxUses`. */
export function updateReferralKey({ id, body }: { id: string; body: ReferralKeyPatchBody }) {
  return api(`/api/referral-keys/${encodeURIComponent(id)}`, referralKeyResponseSchema, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateReferralKey() {
  return useMutation({ mutationFn: updateReferralKey });
}
